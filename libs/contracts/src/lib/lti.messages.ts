import type { RequestContext } from './auth.messages';

/** The JSON Web Key Set the tool publishes (RFC 7517). */
export interface LtiJwks {
  keys: Array<Record<string, unknown>>;
}

export interface LtiLoginMessage {
  /** The login initiation parameters (query of a GET or form of a POST). */
  params: Record<string, string>;
  context?: RequestContext;
}

export interface LtiLoginReply {
  /** The platform's authorization endpoint with the authentication request. */
  redirectUrl: string;
  state: string;
  /** The browser secret the state is bound to; the gateway puts it in a cookie. */
  browserKey: string;
  /** Seconds the state stays usable. */
  maxAgeSeconds: number;
  /**
   * The platform's storage frame (lti_storage_target) when the platform offered one: the browser
   * secret is also stored there by postMessage (lti.put_data), for browsers that block the cookie.
   */
  storageTarget: string | null;
  /** The origin of the platform's OIDC endpoint: the only origin the storage messages go to and come from. */
  platformOrigin: string;
}

export interface LtiLaunchStorageReply {
  storageTarget: string | null;
  platformOrigin: string | null;
}

export interface LtiLaunchMessage {
  idToken: string;
  state: string;
  /** The state cookie's value, or null when the browser sent none. */
  browserKey: string | null;
  context?: RequestContext;
}

export interface LtiLaunchReply {
  role: 'instructor' | 'learner';
  messageType: 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';
  /** Opaque, unguessable: names this launch to `/api/lti/context` and `/api/lti/submit-grade`. */
  launchToken: string;
  /** Where the browser goes next (a path on the product). */
  redirectTo: string;
  videoId: number | null;
  /** An instructor's resource link launch whose LTI identity is linked to a VeoLearn account: that link. */
  linkedAccount?: { linkId: string; userId: number; issuer: string } | null;
}

export interface LtiContextView {
  ltiActive: boolean;
  course: { name: string } | null;
  role?: 'instructor' | 'learner';
  videoId?: number | null;
  userName?: string | null;
  platform?: string;
  gradePassback?: boolean;
  /**
   * The attempts API learner id of this LTI user (stable across launches), so the player's attempt
   * belongs to the launch's user; given only to the holder of the launch token.
   */
  learnerId?: string;
}

export interface LtiGradeInput {
  videoId: number;
  totalInteractions: number;
  completedInteractions: number;
  score: number;
  timeSpent: number;
  isVR?: boolean;
}

export interface SubmitGradeMessage {
  launchToken: string;
  grade: LtiGradeInput;
}

export type LtiGradeState = 'pending' | 'sending' | 'sent' | 'failed' | 'not_sent';

export interface LtiGradeView {
  id: string;
  videoId: number;
  state: LtiGradeState;
  scoreGiven: number;
  scoreMaximum: number;
  attempts: number;
  lastError: string | null;
  lineitem: string | null;
  learner: string;
  createdAt: string;
  sentAt: string | null;
}

export interface SubmitGradeReply {
  saved: true;
  grade: LtiGradeView;
  /** False when the launch carries no line item: the grade is kept but the LMS did not ask for one. */
  passback: boolean;
}

export interface LtiPlatformInput {
  name?: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  authTokenUrl: string;
  keysetUrl: string;
  /** The token endpoint's audience when it differs from its URL (OAuth 2 `aud` of the client assertion). */
  tokenAudience?: string;
}

export interface LtiPlatformView extends LtiPlatformInput {
  id: string;
  name: string;
  createdAt: string;
}

export interface LtiGradesQuery {
  /** One lesson's grades (its owner's view; the gateway checked the ownership). */
  videoId?: number;
  state?: LtiGradeState;
  limit?: number;
}

export interface LtiGradeRef {
  gradeId: string;
  /** The owner's view: the grade must be of this lesson (the gateway checked the ownership); absent for an admin. */
  videoId?: number;
}

export interface LtiKeyView {
  kid: string;
  state: 'current' | 'previous';
  createdAt: string;
}

export interface DeepLinkLesson {
  id: number;
  title: string;
  questionCount: number;
}

export interface DeepLinkResponseMessage {
  launchToken: string;
  lesson: DeepLinkLesson;
}

/** What the picker page posts to the platform: a form with `JWT` to `returnUrl`. */
export interface DeepLinkResponseReply {
  returnUrl: string;
  jwt: string;
}

export interface DynamicRegistrationMessage {
  openidConfiguration: string;
  registrationToken: string | null;
  context?: RequestContext;
}

export interface DynamicRegistrationReply {
  platform: LtiPlatformView;
  /** The LMS product the platform says it is (e.g. moodle, canvas). */
  productFamily: string | null;
}

/** Links the LTI identity of an instructor launch to the signed-in VeoLearn account (the gateway checked it owns the lesson). */
export interface LtiLinkAccountMessage {
  launchToken: string;
  userId: number;
  /** Whether the signed-in user owns the lesson of the launch (or the one picked when deep linking). */
  ownsLesson: boolean;
  videoId: number | null;
  via: 'deep_link' | 'launch';
  context?: RequestContext;
}

export interface LtiAccountLinkView {
  id: string;
  platformId: string;
  platformName: string;
  issuer: string;
  sub: string;
  ltiUserName: string | null;
  ltiUserEmail: string | null;
  userId: number;
  linkedVia: 'deep_link' | 'launch';
  linkedAt: string;
}
