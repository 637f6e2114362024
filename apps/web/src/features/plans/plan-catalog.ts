import { formatStorage, PLAN_INFO, type Plan } from '@veolearn/domain';
import { LMS_INTEGRATION, SCORM_EXPORT, SHARE_ON_EVERY_PLAN } from './plan-wording';

export interface PlanCard {
  id: Plan;
  name: string;
  price: string;
  cadence: string;
  summary: string;
  features: string[];
  missing: string[];
}

function videos(limit: number | null): string {
  if (limit === null) return 'Unlimited interactive videos';
  return `${limit} interactive ${limit === 1 ? 'video' : 'videos'}`;
}

function storage(bytes: number | null): string {
  return bytes === null ? 'Unlimited video uploads' : `${formatStorage(bytes)} of video uploads`;
}

/** The three plans as the dashboard and /subscribe show them; limits come from the domain rules. */
export const PLAN_CARDS: PlanCard[] = [
  {
    id: 'trial',
    name: 'Free Trial',
    price: '$0',
    cadence: '7 days, no card',
    summary: 'Try VeoLearn with one lesson.',
    features: [videos(PLAN_INFO.trial.videoLimit), storage(PLAN_INFO.trial.storageBytes), 'All 10 question types', 'VR playback', 'AI analytics', SHARE_ON_EVERY_PLAN],
    missing: ['No SCORM export', `No ${LMS_INTEGRATION}`],
  },
  {
    id: 'pro',
    name: 'Pro',
    price: `${PLAN_INFO.pro.priceAud} AUD`,
    cadence: 'per seat / month',
    summary: 'For teachers and trainers publishing regularly.',
    features: [videos(PLAN_INFO.pro.videoLimit), storage(PLAN_INFO.pro.storageBytes), 'All 10 question types', 'VR playback', 'AI analytics', SHARE_ON_EVERY_PLAN, SCORM_EXPORT, LMS_INTEGRATION],
    missing: [],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: `${PLAN_INFO.enterprise.priceAud} AUD`,
    cadence: 'per seat / month',
    summary: 'For schools and organisations.',
    features: [videos(PLAN_INFO.enterprise.videoLimit), storage(PLAN_INFO.enterprise.storageBytes), 'Everything in Pro', 'Custom integrations', 'Dedicated support', 'Advanced security'],
    missing: [],
  },
];

export function planCard(plan: string | null | undefined): PlanCard {
  return PLAN_CARDS.find((p) => p.id === plan) ?? PLAN_CARDS[0];
}

/** The account's plan: the server's `plan`, else derived from the subscription status. */
export function userPlan(user: { plan?: string | null; subscriptionStatus: string | null }): Plan {
  if (user.plan === 'trial' || user.plan === 'pro' || user.plan === 'enterprise') return user.plan;
  return user.subscriptionStatus === 'trial' ? 'trial' : 'pro';
}
