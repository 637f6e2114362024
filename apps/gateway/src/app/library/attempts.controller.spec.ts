import type { LtiContextView, StartAttemptMessage } from '@veolearn/contracts';
import type { LtiClient } from '../lti/lti-client';
import type { VideoClient } from '../services/video-client';
import { AttemptsController } from './attempts.controller';

/**
 * Starting an attempt from an LMS launch: the teacher's results name the LMS user only when the
 * launch (checked by the lti-service) is of this lesson and this learner; the token is never taken
 * on trust, and an lti-service that does not answer costs the name, not the attempt.
 */
function controller(context: LtiContextView | Error) {
  const started: StartAttemptMessage[] = [];
  const videos = { startAttempt: jest.fn(async (m: StartAttemptMessage) => (started.push(m), { id: 'attempt' })) };
  const lti = { context: jest.fn(async () => (context instanceof Error ? Promise.reject(context) : context)) };
  return { started, lti, attempts: new AttemptsController(videos as unknown as VideoClient, lti as unknown as LtiClient) };
}

const LAUNCH: LtiContextView = { ltiActive: true, course: { name: 'Astronomy 101' }, role: 'learner', videoId: 7, userName: 'Jo Bloggs', learnerId: 'lti-12' };

describe('AttemptsController.start', () => {
  it('records the LMS user and course of a launch of this lesson by this learner', async () => {
    const { attempts, started, lti } = controller(LAUNCH);
    await attempts.start(null, 7, { learnerId: 'lti-12' }, 'token-abc');
    expect(lti.context).toHaveBeenCalledWith('token-abc');
    expect(started[0]).toMatchObject({ videoId: 7, learnerId: 'lti-12', lms: { userName: 'Jo Bloggs', course: 'Astronomy 101' }, displayName: null });
  });

  it('ignores a launch of another lesson or another learner, and no launch at all', async () => {
    for (const [videoId, learnerId] of [
      [8, 'lti-12'],
      [7, 'lti-13'],
    ] as const) {
      const { attempts, started } = controller(LAUNCH);
      await attempts.start(null, videoId, { learnerId }, 'token-abc');
      expect(started[0].lms).toBeNull();
    }
    const { attempts, started, lti } = controller(LAUNCH);
    await attempts.start(null, 7, { learnerId: 'lti-12', displayName: 'Sam' }, undefined);
    expect(lti.context).not.toHaveBeenCalled();
    expect(started[0]).toMatchObject({ lms: null, displayName: 'Sam' });
  });

  it('starts the attempt without a name when the lti-service does not answer', async () => {
    const { attempts, started } = controller(new Error('lti service unavailable'));
    await attempts.start(null, 7, { learnerId: 'lti-12' }, 'token-abc');
    expect(started[0].lms).toBeNull();
  });
});
