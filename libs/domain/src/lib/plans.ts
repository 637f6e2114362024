import type { Plan, SubscriptionStatus } from './subscription';

/** What a user may do, as the gateway learns it with every session check. */
export interface Entitlements {
  plan: Plan;
  subscriptionStatus: SubscriptionStatus;
  trialEndsAt: string | null;
  hasUnlimitedAccess: boolean;
  isAdmin: boolean;
}

export interface PlanInfo {
  id: Plan;
  name: string;
  /** AUD per seat per month. */
  priceAud: number;
  /** Interactive videos one account may hold; null is unlimited. */
  videoLimit: number | null;
  /** Bytes of uploaded video files one account may store; null is unlimited. */
  storageBytes: number | null;
  export: boolean;
  lti: boolean;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PLAN_INFO: Record<Plan, PlanInfo> = {
  trial: { id: 'trial', name: 'Free Trial', priceAud: 0, videoLimit: 1, storageBytes: 200 * MB, export: false, lti: false },
  pro: { id: 'pro', name: 'Pro', priceAud: 200, videoLimit: 50, storageBytes: 20 * GB, export: true, lti: true },
  enterprise: { id: 'enterprise', name: 'Enterprise', priceAud: 500, videoLimit: null, storageBytes: 500 * GB, export: true, lti: true },
};

/** A storage size as a plan states it: whole KB below 1 MB, whole MB below 1 GB, else GB with at most one decimal. */
export function formatStorage(bytes: number): string {
  if (bytes <= 0) return '0 MB';
  if (bytes < MB) return `${Math.floor(bytes / 1024)} KB`;
  if (bytes < GB) return `${Math.floor(bytes / MB)} MB`;
  return `${Math.floor((bytes / GB) * 10) / 10} GB`;
}

export type Decision = { allowed: true } | { allowed: false; reason: 'trial_expired' | 'canceled' | 'limit_reached' | 'plan'; message: string };

const UPGRADE = 'Choose a plan at /subscribe to upgrade.';

function unlimited(e: Entitlements): boolean {
  return e.hasUnlimitedAccess || e.isAdmin;
}

function trialExpired(e: Entitlements, now: Date): boolean {
  return e.plan === 'trial' && (!e.trialEndsAt || new Date(e.trialEndsAt).getTime() <= now.getTime());
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "3 May 2026" (UTC), or null for a missing or unreadable date. */
function dayOf(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Whether the account may change its library at all: an expired trial or a canceled subscription
 * is read-only (it may still read, delete its own videos, and its learners may still answer).
 * Every creator write (videos, folders, questions, captions, settings, uploads, regeneration) asks this.
 */
export function libraryWriteDecision(e: Entitlements, now: Date = new Date()): Decision {
  if (unlimited(e)) return { allowed: true };
  if (e.subscriptionStatus === 'canceled') {
    const name = PLAN_INFO[e.plan]?.name;
    const which = name ? `Your ${name} subscription` : 'Your subscription';
    return { allowed: false, reason: 'canceled', message: `${which} is canceled, so your library is read-only. ${UPGRADE}` };
  }
  if (trialExpired(e, now)) {
    const day = dayOf(e.trialEndsAt);
    const ended = day ? `Your 7-day free trial has ended (on ${day})` : 'Your 7-day free trial has ended';
    return { allowed: false, reason: 'trial_expired', message: `${ended}, so your library is read-only. ${UPGRADE}` };
  }
  return { allowed: true };
}

/** Whether the account may add one more video, given how many it holds now. */
export function videoCreationDecision(e: Entitlements, currentVideos: number, now: Date = new Date()): Decision {
  if (unlimited(e)) return { allowed: true };
  const write = libraryWriteDecision(e, now);
  if (!write.allowed) return write;
  const plan = PLAN_INFO[e.plan];
  if (!plan) return { allowed: false, reason: 'plan', message: `Your account has no known plan. ${UPGRADE}` };
  const limit = plan.videoLimit;
  if (limit !== null && currentVideos >= limit) {
    const next = e.plan === 'trial' ? 'Pro (50 videos) or Enterprise (unlimited)' : 'Enterprise (unlimited videos)';
    return {
      allowed: false,
      reason: 'limit_reached',
      message: `Your ${plan.name} plan includes ${limit} interactive video${limit === 1 ? '' : 's'} and you have ${currentVideos}. Upgrade to ${next}: ${UPGRADE}`,
    };
  }
  return { allowed: true };
}

/** Bytes of uploads the account may still store; null when its plan (or unlimited access) has no quota. */
export function storageRemaining(e: Entitlements, usedBytes: number): number | null {
  if (unlimited(e)) return null;
  const quota = PLAN_INFO[e.plan]?.storageBytes;
  if (quota === undefined) return 0;
  return quota === null ? null : Math.max(0, quota - usedBytes);
}

/**
 * Whether a file of `addBytes` fits in the account's storage quota beside what it stores already.
 * `addBytes` null: the size is not known yet, and the file did not fit in what was left.
 */
export function storageDecision(e: Entitlements, usedBytes: number, addBytes: number | null): Decision {
  const remaining = storageRemaining(e, usedBytes);
  if (remaining === null || (addBytes !== null && addBytes <= remaining)) return { allowed: true };
  const plan = PLAN_INFO[e.plan];
  if (!plan || plan.storageBytes === null) return { allowed: false, reason: 'plan', message: `Your account has no known plan. ${UPGRADE}` };
  const file = addBytes === null ? 'This file is' : `This file (${formatStorage(addBytes)}) is`;
  const next = e.plan === 'trial' ? 'Upgrade to Pro (20 GB) or Enterprise (500 GB), or delete a video you no longer need' : 'Delete videos you no longer need or upgrade';
  return {
    allowed: false,
    reason: 'limit_reached',
    message: `${file} larger than the ${formatStorage(remaining)} of video storage left on your ${plan.name} plan (${formatStorage(plan.storageBytes)} in all). ${next}: ${UPGRADE}`,
  };
}

/**
 * What a lesson can be handed out as. `share` (links) and `embed` (iframe codes) work on every plan,
 * so a trial teacher can try a lesson with a class; `scorm` (packages) and `lms` (LTI configuration)
 * are Pro and Enterprise. `export` and `lti` are the older names of `scorm` and `lms`.
 */
export type SharingFeature = 'share' | 'embed' | 'scorm' | 'lms';
export type Feature = SharingFeature | 'export' | 'lti';

/** The one sentence every screen (Billing, the wizard's Share step, the export dialog) states the rule with. */
export const SHARING_PLAN_RULE = 'Share link and embed work on every plan; SCORM and LMS (LTI) are part of Pro and Enterprise.';

const FEATURE_LABEL: Record<'scorm' | 'lms', string> = {
  scorm: 'SCORM export',
  lms: 'LMS (LTI) integration',
};

/** Whether a plan includes a feature (before the account's status is considered). */
export function planIncludes(plan: Plan, feature: Feature): boolean {
  const info = PLAN_INFO[plan];
  if (!info) return false;
  const canonical = feature === 'export' ? 'scorm' : feature === 'lti' ? 'lms' : feature;
  if (canonical === 'share' || canonical === 'embed') return true;
  return canonical === 'scorm' ? info.export : info.lti;
}

/**
 * Whether the account may use a sharing feature now. Share links and embed codes: every plan (they
 * publish the lesson, which a read-only library may not do for a lesson still private: that write is
 * checked where the lesson is published). SCORM and LMS configuration: Pro and Enterprise, refused
 * with a message naming the account's plan; a canceled subscription and an expired trial are
 * refused as read-only.
 */
export function featureDecision(e: Entitlements, feature: Feature, now: Date = new Date()): Decision {
  if (unlimited(e)) return { allowed: true };
  const canonical = feature === 'export' ? 'scorm' : feature === 'lti' ? 'lms' : feature;
  if (canonical === 'share' || canonical === 'embed') return { allowed: true };
  const label = FEATURE_LABEL[canonical];
  const plan = PLAN_INFO[e.plan];
  if (e.subscriptionStatus === 'canceled') {
    const which = plan ? `Your ${plan.name} subscription` : 'Your subscription';
    return { allowed: false, reason: 'canceled', message: `${which} is canceled, so ${label} is not available. ${UPGRADE}` };
  }
  if (!plan) return { allowed: false, reason: 'plan', message: `Your account has no known plan. ${UPGRADE}` };
  if (!planIncludes(e.plan, canonical)) {
    return {
      allowed: false,
      reason: 'plan',
      message: `${label} is part of the Pro and Enterprise plans; your ${plan.name} plan includes the share link and embed code. ${UPGRADE}`,
    };
  }
  if (trialExpired(e, now)) {
    const day = dayOf(e.trialEndsAt);
    const ended = day ? `Your 7-day free trial has ended (on ${day})` : 'Your 7-day free trial has ended';
    return { allowed: false, reason: 'trial_expired', message: `${ended}, so ${label} is not available. ${UPGRADE}` };
  }
  return { allowed: true };
}

/** How much of its plan an account uses, as the dashboard and the create wizard show it. */
export interface PlanUsage {
  plan: Plan;
  planName: string;
  /** Lessons (interactive videos) the account holds now. */
  videosUsed: number;
  /** Lessons the plan allows; null when there is no cap (Enterprise, unlimited access, admins). */
  videoLimit: number | null;
  /** Whether one more lesson may be made now (the same rule the server enforces with 402). */
  canCreate: boolean;
  /** Why not, naming the plan and /subscribe; null when it may. */
  message: string | null;
  /** Lessons already in the library with no questions yet: generating for one of them makes no new lesson. */
  videosWithoutQuestions: number;
  /** "1 of 1 lessons used", "3 of 50 lessons used", or "3 lessons" when there is no cap. */
  label: string;
}

/** The account's plan usage: what the create wizard checks when it opens, and the counter the dashboard shows. */
export function planUsage(e: Entitlements, videosUsed: number, videosWithoutQuestions = 0, now: Date = new Date()): PlanUsage {
  const info = PLAN_INFO[e.plan];
  const videoLimit = unlimited(e) ? null : info ? info.videoLimit : 0;
  const decision = videoCreationDecision(e, videosUsed, now);
  const lessons = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;
  return {
    plan: e.plan,
    planName: info?.name ?? 'Unknown plan',
    videosUsed,
    videoLimit,
    canCreate: decision.allowed,
    message: decision.allowed ? null : decision.message,
    videosWithoutQuestions,
    label: videoLimit === null ? lessons(videosUsed) : `${videosUsed} of ${videoLimit} lessons used`,
  };
}
