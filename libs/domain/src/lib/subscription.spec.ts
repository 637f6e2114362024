import { subscriptionLabel, trialDaysLeft, trialEndsAtFrom, TRIAL_DAYS } from './subscription';

describe('subscription rules', () => {
  const now = new Date('2026-01-10T12:00:00Z');

  it('labels every status and falls back to Unknown', () => {
    expect(subscriptionLabel('trial')).toBe('Free Trial');
    expect(subscriptionLabel('active')).toBe('Premium');
    expect(subscriptionLabel('past_due')).toBe('Payment Due');
    expect(subscriptionLabel('canceled')).toBe('Canceled');
    expect(subscriptionLabel('weird')).toBe('Unknown');
    expect(subscriptionLabel(undefined)).toBe('Unknown');
  });

  it('counts trial days left rounded up and never negative', () => {
    expect(trialDaysLeft(trialEndsAtFrom(now), now)).toBe(TRIAL_DAYS);
    expect(trialDaysLeft(new Date(now.getTime() + 2.1 * 86_400_000), now)).toBe(3);
    expect(trialDaysLeft(new Date(now.getTime() + 1000), now)).toBe(1);
    expect(trialDaysLeft(new Date(now.getTime() - 86_400_000), now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft('not a date', now)).toBe(0);
  });
});
