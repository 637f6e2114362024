/** Server answers for the share feature's specs (mocked fetch). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

export function respond({ status, body, headers = {} }: Reply): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    statusText: String(status),
    text: () => Promise.resolve(text),
    blob: () => Promise.resolve(new Blob([text])),
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
  } as unknown as Response);
}

export const XSS_TITLE = '</script><img src=x onerror=alert(1)>';

export const OWNER_VIDEO = {
  id: 5,
  title: 'Cells',
  type: 'youtube',
  duration: 125,
  status: 'ready',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  youtubeId: null,
  filename: null,
  thumbnailUrl: null,
  createdAt: '2026-01-02T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
  folder: null,
  questionCount: 1,
  published: true,
};

export const PLAYBACK = {
  video: {
    id: 5,
    title: 'Cells',
    type: 'youtube',
    duration: 125,
    status: 'ready',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    youtubeId: null,
    thumbnailUrl: null,
    skippingMode: 'free',
    requireCorrect: false,
    hasCaptions: false,
    mediaUrl: null,
    captionsUrl: '/api/videos/5/captions.vtt',
    published: true,
  },
  questions: [
    { id: 41, type: 'single_choice', question: 'What does the mitochondrion produce?', options: ['ATP', 'DNA'], timestamp: 75, topicTitle: 'Cells', topicStartTime: 60 },
  ],
};

export const ATTEMPT = {
  id: '6f1c1a52-3d47-4a43-9d7e-9a3f3f1f5a10',
  videoId: 5,
  status: 'in_progress',
  startedAt: '2025-01-01T00:00:00.000Z',
  completedAt: null,
  lastPosition: 0,
  watchTimeSeconds: 0,
  totalQuestions: 1,
  answeredCount: 0,
  correctCount: 0,
  skippedCount: 0,
  score: 0,
  skippingMode: 'free',
  requireCorrect: false,
  maxAllowedPosition: null,
  answers: [],
};

export const USER = {
  id: 1,
  username: 'grace',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: '',
  subscriptionStatus: 'trial',
  plan: 'trial',
  trialEndsAt: '2099-01-01T00:00:00Z',
  hasUnlimitedAccess: false,
  isAdmin: false,
  totalVideosCreated: 1,
  createdAt: '2026-01-01T00:00:00Z',
  lastLoginAt: null,
};

const LINKS = { url: 'http://localhost/video/5', playerUrl: 'http://localhost/player/5', embedUrl: 'http://localhost/embed/5' };

export const EMBED_RESULT = {
  type: 'embed',
  data: {
    ...LINKS,
    iframeCode: '<iframe src="http://localhost/embed/5" width="800" height="600" title="Cells"></iframe>',
    responsiveCode: '<div style="position:relative;padding-bottom:56.25%"><iframe src="http://localhost/embed/5" title="Cells"></iframe></div>',
  },
};

export const URL_RESULT = { type: 'url', data: LINKS };

export const LTI_RESULT = {
  type: 'lti',
  data: {
    ...LINKS,
    configurations: [
      {
        lms: 'moodle',
        name: 'Moodle',
        launch_url: 'http://localhost/lti/launch?video=5',
        consumer_key: 'veolearn-key-5',
        shared_secret: 's3cret',
        custom_parameters: { video_id: '5' },
        instructions: ['Open Site administration', 'Add an External tool', 'Paste the launch URL'],
      },
      {
        lms: 'canvas',
        name: 'Canvas',
        tool_url: 'http://localhost/lti/launch?video=5',
        key: 'canvas-key-5',
        secret: 'canvas-secret',
        custom_parameters: {},
        instructions: ['Open Settings → Apps', 'Add App by URL'],
      },
    ],
  },
};

export function job(state: 'queued' | 'active' | 'completed' | 'failed', progress: number, stage: string) {
  return {
    id: 'job-1',
    videoId: 5,
    format: 'scorm',
    scormVersion: '1.2',
    state,
    progress,
    stage,
    downloadUrl: state === 'completed' ? '/api/exports/job-1/download' : null,
    filename: 'Cells_SCORM.zip',
    sizeBytes: state === 'completed' ? 48_000 : null,
    error: state === 'failed' ? 'The package could not be built.' : null,
    createdAt: '2026-01-02T10:00:00Z',
    finishedAt: null,
  };
}

export const PLAN_402 = { statusCode: 402, message: 'SCORM export is part of the Pro and Enterprise plans. Choose a plan at /subscribe to upgrade.' };
