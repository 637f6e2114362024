import { RpcException } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import type { InteractionRow } from '../interactions/interaction-views';
import { ExportLessonService, type ExportVideoRow, toExportLesson } from './export-lesson.service';

const video: ExportVideoRow = {
  id: 7,
  title: 'Cells </script>',
  type: 'upload',
  duration: 125,
  status: 'ready',
  url: '/api/media/7',
  youtube_id: null,
  filename: 'cells.mp4',
  thumbnail_url: null,
  created_at: new Date('2026-01-02T03:04:05Z'),
  updated_at: new Date('2026-01-02T03:04:05Z'),
  folder_id: null,
  skipping_mode: 'free',
  require_correct: false,
  gamification: true,
  has_captions: false,
  has_media: true,
  has_poster: false,
  published_at: null,
  question_count: '1',
  storage_key: 'videos/1/abc.mp4',
  mime_type: 'video/mp4',
  size_bytes: '1048576',
  captions_vtt: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n',
};

const question: InteractionRow = {
  id: 3,
  video_id: 7,
  type: 'single_choice',
  question: 'What is a cell?',
  scenario: null,
  options: ['A unit of life', 'A rock'],
  correct_answer: 0,
  timestamp: 30,
  topic_title: 'Cells',
  topic_start_time: 0,
  feedback: { correct: 'Yes', incorrect: 'No', explanation: 'Said at 0:20' },
  position: 0,
  created_at: new Date('2026-01-02T03:04:05Z'),
  updated_at: new Date('2026-01-02T03:04:05Z'),
};

function statusOf(error: unknown): number | undefined {
  return error instanceof RpcException ? (error.getError() as { statusCode?: number }).statusCode : undefined;
}

function serviceWith(videos: ExportVideoRow[], questions: InteractionRow[]) {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  const manager = {
    query: async (sql: string, params: unknown[]) => {
      calls.push({ sql, params });
      return sql.includes('library.videos') ? videos.filter((v) => v.id === params[0]) : questions;
    },
  };
  const dataSource = { transaction: async (_level: string, work: (m: typeof manager) => Promise<unknown>) => work(manager) } as unknown as DataSource;
  return { service: new ExportLessonService(dataSource), calls };
}

describe('export lesson', () => {
  it('gives the owner the video, every question with its answer and feedback, and the uploaded file', () => {
    const lesson = toExportLesson(video, [question]);
    expect(lesson.video).toMatchObject({ id: 7, title: 'Cells </script>', type: 'upload', duration: 125, questionCount: 1 });
    expect(lesson.questions).toEqual([
      expect.objectContaining({ id: 3, correctAnswer: 0, feedback: { correct: 'Yes', incorrect: 'No', explanation: 'Said at 0:20' } }),
    ]);
    expect(lesson.media).toEqual({ storageKey: 'videos/1/abc.mp4', mimeType: 'video/mp4', sizeBytes: 1_048_576 });
    expect(lesson.captionsVtt).toMatch(/^WEBVTT/);
  });

  it('has no media for a YouTube lesson', () => {
    const lesson = toExportLesson({ ...video, type: 'youtube', youtube_id: 'dQw4w9WgXcQ', storage_key: null, mime_type: null, size_bytes: null, captions_vtt: null }, []);
    expect(lesson.captionsVtt).toBeNull();
    expect(lesson.media).toBeNull();
    expect(lesson.video.youtubeId).toBe('dQw4w9WgXcQ');
  });

  it("reads only the owner's video, in one snapshot", async () => {
    const { service, calls } = serviceWith([video], [question]);
    const lesson = await service.exportLesson({ ownerId: 1, videoId: 7 });
    expect(lesson.questions).toHaveLength(1);
    expect(calls[0].params).toEqual([7, 1]);
    expect(calls[0].sql).toMatch(/owner_id = \$2/);
  });

  it("answers 404 for anyone else's video or a bad id, and 400 without an owner", async () => {
    const { service } = serviceWith([], []);
    expect(statusOf(await service.exportLesson({ ownerId: 2, videoId: 7 }).catch((e: unknown) => e))).toBe(404);
    expect(statusOf(await service.exportLesson({ ownerId: 2, videoId: -1 }).catch((e: unknown) => e))).toBe(404);
    expect(statusOf(await service.exportLesson({ ownerId: undefined as never, videoId: 7 }).catch((e: unknown) => e))).toBe(400);
  });
});
