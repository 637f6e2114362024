import { Injectable } from '@nestjs/common';
import type { PlaybackView } from '@veolearn/contracts';
import { MediaAccess } from '../media/media-access';
import { VideoClient } from '../services/video-client';
import { PlaybackCache } from './playback-cache';

/** What the first paint of a shared lesson's page shows before the web app has started. */
export interface LessonPreview {
  id: number;
  title: string;
  posterUrl: string;
  questions: number;
}

/** How long the page's HTML may wait for the lesson; a slower answer sends the page without its preview. */
const PREVIEW_WAIT_MS = 250;

/** `/play/{id}`: the page a shared lesson's link opens (the id, or null for any other path). */
export function playPageId(url: string): number | null {
  const match = /^\/play\/(\d{1,10})\/?(?:[?#]|$)/.exec(url);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * The public playback view of a lesson, as signed-out learners get it from GET /api/play/{id}: one
 * read per lesson within PLAYBACK_CACHE_MS, kept as the JSON text sent.
 */
@Injectable()
export class PublicPlayback {
  constructor(
    private readonly videos: VideoClient,
    private readonly access: MediaAccess,
    private readonly cache: PlaybackCache<string>,
  ) {}

  json(id: number): Promise<string> {
    return this.cache.get(id, async () => JSON.stringify(await this.videos.playback({ videoId: id, viewer: this.access.viewer(null, id) })));
  }

  /**
   * A shared lesson's title and poster frame for the first paint of /play/{id}, or null when there is
   * nothing public to show (private or missing lesson, no poster) or the lesson is not known within
   * PREVIEW_WAIT_MS (the page then starts as any other: the preview is a head start, never a wait).
   */
  async preview(id: number, waitMs = PREVIEW_WAIT_MS): Promise<LessonPreview | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const found = this.json(id).then(
      (json) => previewOf(id, JSON.parse(json) as PlaybackView),
      () => null,
    );
    try {
      return await Promise.race([found, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The preview of a public view: only a published lesson with an unsigned poster link of our own. */
export function previewOf(id: number, view: PlaybackView): LessonPreview | null {
  const posterUrl = view.video.posterUrl ?? null;
  if (view.video.published !== true || !posterUrl || !/^\/api\/media\/\d+\/poster$/.test(posterUrl)) return null;
  return { id, title: view.video.title || `Video ${id}`, posterUrl, questions: view.questions.length };
}
