import { DISPLAY_NAME_KEY } from '../model/display-name';
import { createHttpAttemptBackend } from './player-api';

describe('starting an attempt', () => {
  const calls: Array<{ url: string; body: unknown; headers: Record<string, string> }> = [];
  beforeEach(() => {
    calls.length = 0;
    localStorage.clear();
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), body: JSON.parse(String(init?.body)), headers: init?.headers as Record<string, string> });
      // jsdom has no Response: what apiRequest reads of one.
      return { ok: true, status: 200, text: async () => JSON.stringify({ id: 'a' }) } as unknown as Response;
    }) as unknown as typeof fetch;
  });

  it("sends the learner's remembered name with every start", async () => {
    await createHttpAttemptBackend(7, 'learner-0001').start();
    localStorage.setItem(DISPLAY_NAME_KEY, 'Sam Lee');
    await createHttpAttemptBackend(7, 'learner-0001').start(true);
    expect(calls.map((c) => c.body)).toEqual([{ learnerId: 'learner-0001' }, { learnerId: 'learner-0001', restart: true, displayName: 'Sam Lee' }]);
    expect(calls[0].url).toBe('/api/play/7/attempts');
    expect(calls[0].headers['X-LTI-Launch']).toBeUndefined();
  });

  it('sends an LMS launch token instead of a name: the server names the LMS user', async () => {
    localStorage.setItem(DISPLAY_NAME_KEY, 'Sam Lee');
    await createHttpAttemptBackend(7, 'lti-12', 'launch-token-xyz').start();
    expect(calls[0].body).toEqual({ learnerId: 'lti-12' });
    expect(calls[0].headers['X-LTI-Launch']).toBe('launch-token-xyz');
  });
});
