import { Injectable } from '@nestjs/common';
import { AppConfig } from '@veolearn/config';

/** Lessons remembered at most; the oldest go first. */
const MAX_ENTRIES = 2000;

/** Writes whose success may change what a lesson's playback shows (the lesson, its questions, its media). */
const PLAYBACK_WRITE = /^\/api\/(?:videos|interactions)(?:[/?]|$)/;

/** True for a request that changes lessons or questions (so cached playback views are stale after it). */
export function changesPlayback(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && PLAYBACK_WRITE.test(url);
}

interface Entry<T> {
  value: T;
  expires: number;
}

/**
 * A micro-cache of the playback views signed-out learners get (published lessons only: anything
 * else is a 404, which is never kept). Within PLAYBACK_CACHE_MS a lesson is read from the
 * video-service once, however many learners open it (concurrent misses share one call). Every
 * write through this gateway that may change a lesson clears it, and a read that started before
 * the write is not stored, so a teacher's edit or un-sharing shows on the next load.
 */
@Injectable()
export class PlaybackCache<T = unknown> {
  private readonly ttlMs: number;
  private readonly entries = new Map<number, Entry<T>>();
  private readonly loading = new Map<number, Promise<T>>();
  private epoch = 0;

  constructor(config: AppConfig) {
    this.ttlMs = config.PLAYBACK_CACHE_MS;
  }

  async get(videoId: number, load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(videoId);
    if (entry && entry.expires > now) return entry.value;
    const pending = this.loading.get(videoId);
    if (pending) return pending;
    const epoch = this.epoch;
    const started = load().then(
      (value) => {
        if (this.loading.get(videoId) === started) this.loading.delete(videoId);
        if (epoch === this.epoch) this.store(videoId, value, Date.now() + this.ttlMs);
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(videoId) === started) this.loading.delete(videoId);
        throw error;
      },
    );
    this.loading.set(videoId, started);
    return started;
  }

  /** Forgets every lesson, and any read still in flight will not be kept. */
  invalidate(): void {
    this.epoch += 1;
    this.entries.clear();
    this.loading.clear();
  }

  private store(videoId: number, value: T, expires: number): void {
    this.entries.delete(videoId);
    this.entries.set(videoId, { value, expires });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as number);
  }
}
