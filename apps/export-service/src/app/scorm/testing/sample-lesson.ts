import type { ExportLesson } from '@veolearn/contracts';

/** A one-question lesson for the tests. */
export function sampleLesson(overrides: Partial<ExportLesson['video']> = {}, media: ExportLesson['media'] = null): ExportLesson {
  return {
    video: {
      id: 3,
      title: 'Photosynthesis',
      type: media ? 'upload' : 'youtube',
      duration: 600,
      status: 'ready',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      youtubeId: media ? null : 'dQw4w9WgXcQ',
      filename: null,
      thumbnailUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      folder: null,
      questionCount: 1,
      skippingMode: 'free',
      requireCorrect: false,
      gamification: true,
      hasCaptions: false,
      mediaUrl: null,
      posterUrl: null,
      published: true,
      publishedAt: '2026-01-01T00:00:00.000Z',
      ...overrides,
    },
    questions: [
      {
        id: 1,
        videoId: 3,
        type: 'single_choice',
        question: 'Where does it happen?',
        options: ['Chloroplasts', 'Mitochondria'],
        correctAnswer: 0,
        timestamp: 30,
        topicTitle: 'Where',
        topicStartTime: 0,
        feedback: { correct: 'Yes', incorrect: 'No' },
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    media,
    captionsVtt: null,
  };
}

