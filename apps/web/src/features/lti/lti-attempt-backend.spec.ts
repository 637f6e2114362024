import type { AttemptBackend } from '../player/api/attempt-backend';
import type { AttemptView } from '../player/api/player-api';
import { gradeOf, withLtiGradePassback } from './lti-attempt-backend';

const done = {
  id: 'a1',
  videoId: 5,
  status: 'completed',
  totalQuestions: 4,
  answeredCount: 3,
  skippedCount: 1,
  correctCount: 2,
  score: 62.5,
  watchTimeSeconds: 181.6,
} as AttemptView;

describe('LTI grade passback from the player', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it("sends the server's figures in the spec's payload", () => {
    expect(gradeOf(done)).toEqual({ videoId: 5, totalInteractions: 4, completedInteractions: 4, score: 62.5, timeSpent: 182, isVR: false });
  });

  it('posts the grade with the launch token once the attempt completes, and reports the outcome', async () => {
    fetchMock.mockResolvedValue({ ok: true, status: 200, json: async () => ({ saved: true, passback: true }) });
    const base = { complete: jest.fn(async () => done) } as unknown as AttemptBackend;
    const saved = jest.fn();
    const backend = withLtiGradePassback(base, 'launch-token', saved);
    await expect(backend.complete(done)).resolves.toBe(done);
    await new Promise((r) => setTimeout(r, 0));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/lti/submit-grade');
    expect((init.headers as Record<string, string>)['X-LTI-Launch']).toBe('launch-token');
    expect(JSON.parse(String(init.body))).toMatchObject({ videoId: 5, score: 62.5 });
    expect(saved).toHaveBeenCalledWith(true);
  });

  it("says 'not saved' when the grade could not be stored", async () => {
    fetchMock.mockResolvedValue({ ok: false, status: 503, statusText: 'Unavailable', text: async () => 'down' });
    const saved = jest.fn();
    await withLtiGradePassback({ complete: async () => done } as unknown as AttemptBackend, 't', saved).complete(done);
    await new Promise((r) => setTimeout(r, 0));
    expect(saved).toHaveBeenCalledWith(false);
  });
});
