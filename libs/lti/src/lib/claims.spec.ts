import { checkLaunchClaims, LTI_CLAIM, LtiLaunchError, roleOf } from './claims';
import { deepLinkingResponseClaims } from './deep-linking';
import { scoreFor, scoresUrl } from './scores';

const NOW = 1_800_000_000;
const expected = { clientId: 'tool-1', nonce: 'n-1', deploymentIds: ['d-1'], now: NOW };

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: 'https://lms.example',
    aud: 'tool-1',
    sub: 'user-1',
    exp: NOW + 60,
    iat: NOW,
    nonce: 'n-1',
    [LTI_CLAIM.messageType]: 'LtiResourceLinkRequest',
    [LTI_CLAIM.version]: '1.3.0',
    [LTI_CLAIM.deploymentId]: 'd-1',
    [LTI_CLAIM.targetLinkUri]: 'https://tool.example/api/lti/launch?video=3',
    [LTI_CLAIM.resourceLink]: { id: 'rl-1' },
    [LTI_CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    ...overrides,
  };
}

function codeOf(payload: Record<string, unknown>): string {
  try {
    checkLaunchClaims(payload, expected);
  } catch (error) {
    if (error instanceof LtiLaunchError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe('checkLaunchClaims', () => {
  it('accepts a resource link launch and reads it', () => {
    const launch = checkLaunchClaims(claims({ name: 'Ada L', [LTI_CLAIM.context]: { id: 'c1', title: 'Biology' } }), expected);
    expect(launch).toMatchObject({ sub: 'user-1', role: 'learner', resourceLink: { id: 'rl-1' }, context: { id: 'c1', title: 'Biology' }, name: 'Ada L' });
  });

  it.each([
    ['a nonce that differs from the one sent', { nonce: 'other' }, 'bad_nonce'],
    ['no exp', { exp: undefined }, 'missing_exp'],
    ['an expired token', { exp: NOW - 3600 }, 'expired'],
    ['an iat in the future', { iat: NOW + 3600 }, 'iat_in_future'],
    ['an unknown deployment', { [LTI_CLAIM.deploymentId]: 'd-2' }, 'unknown_deployment'],
    ['a wrong aud', { aud: 'someone-else' }, 'bad_aud'],
    ['several audiences without azp', { aud: ['tool-1', 'x'] }, 'bad_azp'],
    ['a wrong azp', { azp: 'x' }, 'bad_azp'],
    ['no LTI claims', { [LTI_CLAIM.messageType]: undefined, [LTI_CLAIM.version]: undefined, [LTI_CLAIM.deploymentId]: undefined }, 'not_lti'],
    ['a wrong version', { [LTI_CLAIM.version]: '1.2.0' }, 'bad_version'],
    ['no roles', { [LTI_CLAIM.roles]: undefined }, 'missing_roles'],
    ['no resource link id', { [LTI_CLAIM.resourceLink]: {} }, 'missing_resource_link_id'],
    ['no sub', { sub: undefined }, 'missing_claim'],
  ])('rejects %s', (_name, overrides, code) => {
    const payload = claims(overrides);
    for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
    expect(codeOf(payload)).toBe(code);
  });
});

describe('roleOf', () => {
  it.each([
    [['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'], 'instructor'],
    [['Instructor'], 'instructor'],
    [['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'], 'instructor'],
    [['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner', 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student'], 'learner'],
    [['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Faculty', 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'], 'learner'],
    [['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'], 'learner'],
    [['http://example.com/unknown#Role'], 'learner'],
    [[], 'learner'],
  ])('%j is %s', (roles, role) => {
    expect(roleOf(roles)).toBe(role);
  });
});

describe('scores', () => {
  it('keeps the line item query string', () => {
    expect(scoresUrl('https://lms.example/mod/lti/services.php/2/lineitems/7/lineitem?type_id=3')).toBe(
      'https://lms.example/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=3',
    );
  });

  it('reports a complete attempt as completed and fully graded', () => {
    expect(scoreFor('u', { totalInteractions: 4, completedInteractions: 4, score: 75 }, new Date(0))).toEqual({
      userId: 'u', scoreGiven: 75, scoreMaximum: 100, activityProgress: 'Completed', gradingProgress: 'FullyGraded', timestamp: '1970-01-01T00:00:00.000Z',
    });
  });
});

describe('deepLinkingResponseClaims', () => {
  it('adds one ltiResourceLink with a line item from the lesson and echoes data', () => {
    const claims = deepLinkingResponseClaims({ deploymentId: 'd-1', origin: 'https://tool.example', lesson: { id: 5, title: 'Cells', questionCount: 3 }, data: 'opaque' });
    expect(claims[LTI_CLAIM.messageType]).toBe('LtiDeepLinkingResponse');
    expect(claims[LTI_CLAIM.deepLinkingData]).toBe('opaque');
    expect(claims[LTI_CLAIM.contentItems]).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', url: 'https://tool.example/lti/launch?video=5', custom: { video_id: '5' }, lineItem: expect.objectContaining({ scoreMaximum: 30, label: 'Cells' }) }),
    ]);
    expect(deepLinkingResponseClaims({ deploymentId: 'd', origin: 'o', lesson: { id: 1, title: 't', questionCount: 0 }, data: null })).not.toHaveProperty([LTI_CLAIM.deepLinkingData]);
  });
});
