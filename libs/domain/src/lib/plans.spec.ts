import { Entitlements, featureDecision, planIncludes, SHARING_PLAN_RULE, formatStorage, libraryWriteDecision, storageDecision, storageRemaining, videoCreationDecision, planUsage } from './plans';

const now = new Date('2026-03-01T00:00:00Z');
const trial: Entitlements = { plan: 'trial', subscriptionStatus: 'trial', trialEndsAt: '2026-03-05T00:00:00Z', hasUnlimitedAccess: false, isAdmin: false };

describe('plan limits', () => {
  it('lets a trial hold exactly one video', () => {
    expect(videoCreationDecision(trial, 0, now)).toEqual({ allowed: true });
    const second = videoCreationDecision(trial, 1, now);
    expect(second).toMatchObject({ allowed: false, reason: 'limit_reached' });
    expect(!second.allowed && second.message).toMatch(/Free Trial plan includes 1 interactive video.*\/subscribe/);
  });

  it('makes an expired trial read-only', () => {
    expect(videoCreationDecision({ ...trial, trialEndsAt: '2026-02-28T23:59:59Z' }, 0, now)).toMatchObject({ allowed: false, reason: 'trial_expired' });
  });

  it('gives Pro 50 videos and Enterprise or unlimited access no limit', () => {
    const pro: Entitlements = { ...trial, plan: 'pro', subscriptionStatus: 'active', trialEndsAt: null };
    expect(videoCreationDecision(pro, 49, now).allowed).toBe(true);
    expect(videoCreationDecision(pro, 50, now)).toMatchObject({ allowed: false, reason: 'limit_reached' });
    expect(videoCreationDecision({ ...pro, plan: 'enterprise' }, 10_000, now).allowed).toBe(true);
    expect(videoCreationDecision({ ...trial, hasUnlimitedAccess: true, trialEndsAt: null }, 10_000, now).allowed).toBe(true);
  });

  it('makes a canceled subscription read-only', () => {
    expect(videoCreationDecision({ ...trial, plan: 'pro', subscriptionStatus: 'canceled' }, 0, now)).toMatchObject({ allowed: false, reason: 'canceled' });
  });

  it('keeps export and LTI for paid plans', () => {
    expect(featureDecision(trial, 'export', now)).toMatchObject({ allowed: false, reason: 'plan' });
    expect(featureDecision(trial, 'lti', now)).toMatchObject({ allowed: false, reason: 'plan' });
    expect(featureDecision({ ...trial, plan: 'pro', subscriptionStatus: 'active' }, 'export', now).allowed).toBe(true);
  });
});

describe('libraryWriteDecision', () => {
  it('lets an active trial, a paid plan and unlimited access write', () => {
    expect(libraryWriteDecision(trial, now)).toEqual({ allowed: true });
    expect(libraryWriteDecision({ ...trial, plan: 'pro', subscriptionStatus: 'active', trialEndsAt: null }, now)).toEqual({ allowed: true });
    expect(libraryWriteDecision({ ...trial, subscriptionStatus: 'canceled', hasUnlimitedAccess: true }, now)).toEqual({ allowed: true });
    expect(libraryWriteDecision({ ...trial, trialEndsAt: null, isAdmin: true }, now)).toEqual({ allowed: true });
  });

  it('makes an expired trial read-only and names the day it ended', () => {
    const d = libraryWriteDecision({ ...trial, trialEndsAt: '2026-02-03T10:00:00Z' }, now);
    expect(d).toMatchObject({ allowed: false, reason: 'trial_expired' });
    expect(!d.allowed && d.message).toBe(
      'Your 7-day free trial has ended (on 3 February 2026), so your library is read-only. Choose a plan at /subscribe to upgrade.',
    );
    expect(libraryWriteDecision({ ...trial, trialEndsAt: null }, now)).toMatchObject({ allowed: false, reason: 'trial_expired' });
  });

  it('makes a canceled subscription read-only and names the plan', () => {
    const d = libraryWriteDecision({ ...trial, plan: 'pro', subscriptionStatus: 'canceled', trialEndsAt: null }, now);
    expect(!d.allowed && d.message).toBe('Your Pro subscription is canceled, so your library is read-only. Choose a plan at /subscribe to upgrade.');
  });

  it('is the first check of video creation', () => {
    const e: Entitlements = { ...trial, plan: 'enterprise', subscriptionStatus: 'canceled' };
    expect(videoCreationDecision(e, 0, now)).toEqual(libraryWriteDecision(e, now));
  });
});

describe('storage quota', () => {
  const MB = 1024 * 1024;
  const GB = 1024 * MB;

  it('gives a trial 200 MB, Pro 20 GB and Enterprise 500 GB; unlimited access and admins have no quota', () => {
    expect(storageRemaining(trial, 0)).toBe(200 * MB);
    expect(storageRemaining(trial, 150 * MB)).toBe(50 * MB);
    expect(storageRemaining(trial, 250 * MB)).toBe(0);
    expect(storageRemaining({ ...trial, plan: 'pro', subscriptionStatus: 'active' }, GB)).toBe(19 * GB);
    expect(storageRemaining({ ...trial, plan: 'enterprise', subscriptionStatus: 'active' }, 0)).toBe(500 * GB);
    expect(storageRemaining({ ...trial, hasUnlimitedAccess: true }, 900 * GB)).toBeNull();
    expect(storageRemaining({ ...trial, isAdmin: true }, 900 * GB)).toBeNull();
  });

  it('allows a file that fits and refuses one that does not, naming the plan, what is left and the way out', () => {
    expect(storageDecision(trial, 100 * MB, 100 * MB)).toEqual({ allowed: true });
    const refused = storageDecision(trial, 100 * MB, 101 * MB);
    expect(refused).toEqual({
      allowed: false,
      reason: 'limit_reached',
      message:
        'This file (101 MB) is larger than the 100 MB of video storage left on your Free Trial plan (200 MB in all). Upgrade to Pro (20 GB) or Enterprise (500 GB), or delete a video you no longer need: Choose a plan at /subscribe to upgrade.',
    });
    const unknownSize = storageDecision({ ...trial, plan: 'pro', subscriptionStatus: 'active' }, 20 * GB - 100 * 1024, null);
    expect(unknownSize.allowed).toBe(false);
    expect(!unknownSize.allowed && unknownSize.message).toMatch(/^This file is larger than the 100 KB of video storage left on your Pro plan \(20 GB in all\)/);
  });

  it('states sizes as people read them', () => {
    expect(formatStorage(0)).toBe('0 MB');
    expect(formatStorage(100 * 1024)).toBe('100 KB');
    expect(formatStorage(1536 * 1024)).toBe('1 MB');
    expect(formatStorage(GB)).toBe('1 GB');
    expect(formatStorage(1.55 * GB)).toBe('1.5 GB');
  });
});

describe('sharing features', () => {
  const pro: Entitlements = { ...trial, plan: 'pro', subscriptionStatus: 'active', trialEndsAt: null };
  const expired: Entitlements = { ...trial, trialEndsAt: '2026-02-28T23:59:59Z' };

  it('gives share links and embed codes to every plan, even a read-only one (publishing checks the write)', () => {
    for (const e of [trial, pro, { ...pro, plan: 'enterprise' as const }, expired, { ...pro, subscriptionStatus: 'canceled' as const }]) {
      expect(featureDecision(e, 'share', now)).toEqual({ allowed: true });
      expect(featureDecision(e, 'embed', now)).toEqual({ allowed: true });
    }
  });

  it('keeps SCORM and LMS configuration for Pro and Enterprise, naming the plan', () => {
    const scorm = featureDecision(trial, 'scorm', now);
    expect(scorm).toMatchObject({ allowed: false, reason: 'plan' });
    expect(!scorm.allowed && scorm.message).toBe(
      'SCORM export is part of the Pro and Enterprise plans; your Free Trial plan includes the share link and embed code. Choose a plan at /subscribe to upgrade.',
    );
    const lms = featureDecision(trial, 'lms', now);
    expect(!lms.allowed && lms.message).toMatch(/^LMS \(LTI\) integration is part of the Pro and Enterprise plans; your Free Trial plan/);
    expect(featureDecision(pro, 'scorm', now)).toEqual({ allowed: true });
    expect(featureDecision(pro, 'lms', now)).toEqual({ allowed: true });
    expect(featureDecision({ ...pro, plan: 'enterprise' }, 'scorm', now)).toEqual({ allowed: true });
    expect(featureDecision({ ...trial, hasUnlimitedAccess: true }, 'scorm', now)).toEqual({ allowed: true });
    expect(featureDecision({ ...trial, isAdmin: true }, 'lms', now)).toEqual({ allowed: true });
  });

  it('refuses SCORM to a canceled subscription, naming it', () => {
    const decision = featureDecision({ ...pro, subscriptionStatus: 'canceled' }, 'scorm', now);
    expect(decision).toMatchObject({ allowed: false, reason: 'canceled' });
    expect(!decision.allowed && decision.message).toMatch(/^Your Pro subscription is canceled, so SCORM export is not available/);
  });

  it('treats export and lti as the older names of scorm and lms', () => {
    expect(featureDecision(trial, 'export', now)).toEqual(featureDecision(trial, 'scorm', now));
    expect(featureDecision(trial, 'lti', now)).toEqual(featureDecision(trial, 'lms', now));
    expect(planIncludes('trial', 'share')).toBe(true);
    expect(planIncludes('trial', 'scorm')).toBe(false);
    expect(planIncludes('pro', 'lms')).toBe(true);
  });

  it('states the rule in one sentence', () => {
    expect(SHARING_PLAN_RULE).toMatch(/every plan.*Pro and Enterprise/);
  });
});

describe('planUsage', () => {
  it('counts the trial lesson: "0 of 1", then "1 of 1" and no more', () => {
    expect(planUsage(trial, 0, 0, now)).toMatchObject({ videosUsed: 0, videoLimit: 1, canCreate: true, message: null, label: '0 of 1 lessons used' });
    const used = planUsage(trial, 1, 1, now);
    expect(used).toMatchObject({ planName: 'Free Trial', videoLimit: 1, canCreate: false, videosWithoutQuestions: 1, label: '1 of 1 lessons used' });
    expect(used.message).toMatch(/Free Trial plan includes 1 interactive video.*\/subscribe/);
  });

  it('shows Pro\'s cap and no cap for Enterprise or unlimited access', () => {
    const pro: Entitlements = { ...trial, plan: 'pro', subscriptionStatus: 'active', trialEndsAt: null };
    expect(planUsage(pro, 3, 0, now)).toMatchObject({ videoLimit: 50, canCreate: true, label: '3 of 50 lessons used' });
    expect(planUsage({ ...pro, plan: 'enterprise' }, 1, 0, now)).toMatchObject({ videoLimit: null, canCreate: true, label: '1 lesson' });
    expect(planUsage({ ...trial, hasUnlimitedAccess: true }, 7, 0, now)).toMatchObject({ videoLimit: null, canCreate: true, label: '7 lessons' });
  });

  it('refuses a new lesson on an expired trial even under the cap', () => {
    const usage = planUsage({ ...trial, trialEndsAt: '2026-02-01T00:00:00Z' }, 0, 0, now);
    expect(usage).toMatchObject({ canCreate: false, label: '0 of 1 lessons used' });
    expect(usage.message).toMatch(/trial has ended/);
  });
});
