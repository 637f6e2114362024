export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PLANS = ['trial', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export function trialEndsAtFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Days until the trial ends, rounded up, never below 0. */
export function trialDaysLeft(trialEndsAt: Date | string | null | undefined, now: Date = new Date()): number {
  if (!trialEndsAt) return 0;
  const end = typeof trialEndsAt === 'string' ? new Date(trialEndsAt) : trialEndsAt;
  const left = Math.ceil((end.getTime() - now.getTime()) / DAY_MS);
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

export function subscriptionLabel(status: string | null | undefined): string {
  switch (status) {
    case 'trial':
      return 'Free Trial';
    case 'active':
      return 'Premium';
    case 'past_due':
      return 'Payment Due';
    case 'canceled':
      return 'Canceled';
    default:
      return 'Unknown';
  }
}
