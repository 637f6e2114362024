import type { AttemptBackend } from '../../player/api/attempt-backend';
import type { AttemptView } from '../../player/api/player-api';
import { submitLtiGrade } from '../../lti/api/lti-api';
import { withVrGradePassback } from './vr-grade';

jest.mock('../../lti/api/lti-api', () => ({ submitLtiGrade: jest.fn() }));
const submit = jest.mocked(submitLtiGrade);

const done = {
  id: 'a1',
  videoId: 42,
  status: 'completed',
  totalQuestions: 3,
  answeredCount: 2,
  skippedCount: 1,
  correctCount: 2,
  score: 66.7,
  watchTimeSeconds: 95.4,
} as AttemptView;

function backend(): AttemptBackend {
  return { key: ['k'], complete: jest.fn().mockResolvedValue(done) } as unknown as AttemptBackend;
}

describe('withVrGradePassback', () => {
  beforeEach(() => submit.mockReset());

  it("sends the completed attempt's grade marked isVR, and says it was saved", async () => {
    submit.mockResolvedValue({ saved: true, passback: true });
    const onSaved = jest.fn();
    const result = await withVrGradePassback(backend(), 'launch-token', onSaved).complete(done);
    expect(result).toBe(done);
    expect(submit).toHaveBeenCalledWith('launch-token', {
      videoId: 42,
      totalInteractions: 3,
      completedInteractions: 3,
      score: 66.7,
      timeSpent: 95,
      isVR: true,
    });
    await Promise.resolve();
    expect(onSaved).toHaveBeenCalledWith(true);
  });

  it('reports a failed save without failing the completion', async () => {
    submit.mockRejectedValue(new Error('LMS down'));
    const onSaved = jest.fn();
    await expect(withVrGradePassback(backend(), 't', onSaved).complete(done)).resolves.toBe(done);
    await new Promise((r) => setTimeout(r, 0));
    expect(onSaved).toHaveBeenCalledWith(false);
  });
});
