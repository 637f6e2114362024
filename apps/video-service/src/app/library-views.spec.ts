import { QUESTION_TYPES } from '@veolearn/domain';
import { accuracyPercent, canView, questionTypeCounts, toFolderView, toLibraryAnalytics, toVideoView, youtubeThumbnailUrl } from './library-views';

describe('library views', () => {
  it('maps a video row to the API view with ISO dates and a numeric question count', () => {
    const view = toVideoView({
      id: 7,
      title: 'Intro',
      type: 'youtube',
      duration: null,
      status: 'ready',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      youtube_id: 'dQw4w9WgXcQ',
      filename: null,
      thumbnail_url: youtubeThumbnailUrl('dQw4w9WgXcQ'),
      created_at: new Date('2026-01-02T03:04:05Z'),
      updated_at: '2026-01-02T03:04:06Z',
      folder_id: null,
      skipping_mode: 'free',
      require_correct: false,
      gamification: true,
      has_captions: false,
      has_media: false,
      has_poster: false,
      published_at: null,
      question_count: '3',
    });
    expect(view).toEqual({
      id: 7,
      title: 'Intro',
      type: 'youtube',
      duration: null,
      status: 'ready',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      youtubeId: 'dQw4w9WgXcQ',
      filename: null,
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:06.000Z',
      folder: null,
      questionCount: 3,
      skippingMode: 'free',
      requireCorrect: false,
      gamification: true,
      hasCaptions: false,
      mediaUrl: null,
      posterUrl: null,
      published: false,
      publishedAt: null,
    });
  });

  it('reports settings, captions and the media and poster urls of an uploaded video', () => {
    const view = toVideoView({
      id: 12,
      title: 'Lecture',
      type: 'upload',
      duration: 95,
      status: 'ready',
      url: '/api/media/12',
      youtube_id: null,
      filename: 'lecture.mp4',
      thumbnail_url: null,
      created_at: new Date(0),
      updated_at: new Date(0),
      folder_id: 3,
      skipping_mode: 'no_seek',
      require_correct: true,
      gamification: false,
      has_captions: true,
      has_media: true,
      has_poster: true,
      published_at: new Date('2026-05-01T00:00:00Z'),
      question_count: 0,
    });
    expect(view).toMatchObject({
      skippingMode: 'no_seek',
      requireCorrect: true,
      gamification: false,
      hasCaptions: true,
      mediaUrl: '/api/media/12',
      posterUrl: '/api/media/12/poster',
      published: true,
      publishedAt: '2026-05-01T00:00:00.000Z',
    });
  });

  it('lets anyone view a shared lesson, and only its owner, an admin or a signed request view a private one', () => {
    const shared = { owner_id: 5, published_at: new Date() };
    const draft = { owner_id: 5, published_at: null };
    const anonymous = { userId: null, isAdmin: false, signed: false };
    expect(canView(shared, anonymous)).toBe(true);
    expect(canView(shared, undefined)).toBe(true);
    expect(canView(draft, anonymous)).toBe(false);
    expect(canView(draft, undefined)).toBe(false);
    expect(canView(draft, { userId: 6, isAdmin: false, signed: false })).toBe(false);
    expect(canView(draft, { userId: '5', isAdmin: 'yes', signed: 1 })).toBe(false);
    expect(canView(draft, { userId: 5, isAdmin: false, signed: false })).toBe(true);
    expect(canView(draft, { userId: null, isAdmin: true, signed: false })).toBe(true);
    expect(canView(draft, { userId: null, isAdmin: false, signed: true })).toBe(true);
  });

  it('maps a folder row with its counts', () => {
    expect(
      toFolderView({ id: 1, name: 'A', parent_id: 2, color: '#10B981', icon: 'folder', created_at: new Date(0), video_count: 4, folder_count: null }),
    ).toEqual({ id: 1, name: 'A', parentId: 2, color: '#10B981', icon: 'folder', createdAt: '1970-01-01T00:00:00.000Z', videoCount: 4, folderCount: 0 });
  });

  it('lists every question type, zeros included, and ignores unknown types', () => {
    const counts = questionTypeCounts([
      { type: 'true_false', n: 2 },
      { type: 'ordering', n: '5' },
      { type: 'not_a_type', n: 9 },
    ]);
    expect(Object.keys(counts).sort()).toEqual([...QUESTION_TYPES].sort());
    expect(counts.true_false).toBe(2);
    expect(counts.ordering).toBe(5);
    expect(counts.single_choice).toBe(0);
  });

  it('gives accuracy in percent with one decimal, null without answers', () => {
    expect(accuracyPercent(0, 0)).toBeNull();
    expect(accuracyPercent(1, 3)).toBe(33.3);
    expect(accuracyPercent(2, 3)).toBe(66.7);
    expect(accuracyPercent(3, 3)).toBe(100);
  });

  it('counts partial credit by its fraction: one half-right answer alone is 50%, never 0%', () => {
    expect(accuracyPercent(0.5, 1)).toBe(50);
    expect(accuracyPercent(1 + 0.67, 3)).toBe(55.7);
    expect(accuracyPercent(9, 3)).toBe(100);
    expect(accuracyPercent(Number.NaN, 2)).toBe(0);
  });

  it('reads the credit the database summed, and the partly right answers', () => {
    const row = { total_videos: 1, youtube: 1, youtube_vr: 0, upload: 0, total_questions: 2, attempts: 1, completed: 1, watch_seconds: 54, answers: 2, correct: 0 };
    const analytics = toLibraryAnalytics({ ...row, partly_correct: '2', credit: '1.1666666' }, [], []);
    expect(analytics).toMatchObject({ correctAnswers: 0, partlyCorrectAnswers: 2, accuracy: 58.3 });
  });

  it('assembles the analytics figures', () => {
    const analytics = toLibraryAnalytics(
      { total_videos: 3, youtube: 2, youtube_vr: 1, upload: 0, total_questions: 4, attempts: 5, completed: '2', watch_seconds: '125', answers: 8, correct: 6 },
      [{ type: 'scenario', n: 4 }],
      [{ kind: 'video_created', video_id: 1, title: 'T', at: new Date('2026-01-01T00:00:00Z') }],
    );
    expect(analytics).toMatchObject({
      totalVideos: 3,
      totalQuestions: 4,
      videoSources: { youtube: 2, youtubeVR: 1, upload: 0 },
      learnerAttempts: 5,
      completedAttempts: 2,
      totalInteractions: 8,
      correctAnswers: 6,
      partlyCorrectAnswers: 0,
      accuracy: 75,
      totalWatchTimeSeconds: 125,
      recentActivity: [{ kind: 'video_created', videoId: 1, title: 'T', at: '2026-01-01T00:00:00.000Z' }],
    });
    expect(analytics.questionTypes.scenario).toBe(4);
  });
});
