/** Client token under which the gateway injects the lti-service proxy. */
export const LTI_SERVICE = 'LTI_SERVICE';

export const LtiPatterns = {
  /** Public: the tool's key set (current and previous keys). */
  jwks: 'lti.jwks',
  /** Public: OIDC third-party login initiation; answers where to send the browser and the state cookie. */
  login: 'lti.login',
  /** Public: the platform's id_token with the state and this browser's state cookie; answers where the user goes. */
  launch: 'lti.launch',
  /** Public: whether a login's state was bound through the platform's postMessage storage (lti_storage_target). */
  launchStorage: 'lti.launch-storage',
  /** A launch token: the LMS context of the launch (`GET /api/lti/context`). */
  context: 'lti.context',
  /** A launch token: stores the grade and queues its delivery to the LMS. */
  submitGrade: 'lti.submit-grade',
  /** An instructor's deep linking launch: the signed LtiDeepLinkingResponse adding one lesson to the course. */
  deepLinkResponse: 'lti.deep-link-response',
  /** LTI Dynamic Registration 1.0: registers with the platform named by its openid configuration URL. */
  dynamicRegister: 'lti.dynamic-register',
  /** Admin: platform registrations. */
  listPlatforms: 'lti.list-platforms',
  registerPlatform: 'lti.register-platform',
  deletePlatform: 'lti.delete-platform',
  /** Admin: a new current key; the previous one stays in the key set. */
  rotateKeys: 'lti.rotate-keys',
  /** Admin (all) or a teacher (grades of their lessons): grades and their delivery state. */
  listGrades: 'lti.list-grades',
  /** Admin or the lesson's owner: deliver a failed grade again. */
  resendGrade: 'lti.resend-grade',
  /** An instructor launch token and the signed-in VeoLearn user (checked by the gateway): link the LTI identity to that account. */
  linkAccount: 'lti.link-account',
  /** Admin: LTI identities linked to VeoLearn accounts. */
  listAccountLinks: 'lti.list-account-links',
  deleteAccountLink: 'lti.delete-account-link',
  health: 'lti.health',
  ping: 'lti.ping',
} as const;
