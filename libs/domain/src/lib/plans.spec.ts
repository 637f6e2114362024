import { Entitlements, featureDecision, formatStorage, libraryWriteDecision, storageDecision, storageRemaining, videoCreationDecision } from './plans';

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
