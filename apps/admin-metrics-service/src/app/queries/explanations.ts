import type { Explanations } from '@veolearn/contracts';

/** How each figure is computed, in words a business owner reads under the figure. */
export const ANALYTICS_EXPLANATIONS: Explanations = {
  window: 'Every figure with a period counts what happened after the start of the period up to and including its end (the last 24 hours, 7, 30 or 90 days).',
  totalUsers: 'All accounts registered up to the end of the period.',
  newUsersThisPeriod: 'Accounts registered during the period (sign-up with a password, Google, or from an LMS).',
  recentEvents: 'Every recorded change the platform reported during the period: sign-ups, sign-ins, plan changes, security events, AI calls, videos, lessons, exports, attempts and grades.',
  videosCreated: 'Videos added to libraries during the period (YouTube links, pasted transcripts and uploads); videos deleted later still count.',
  vrVideos: 'Of those, videos marked as VR (360°) videos.',
  videoSources: 'Where the videos of the period came from: YouTube (links and pasted transcripts), uploads, or AI-generated.',
  totalQuestions: 'Questions in the lessons generated during the period.',
  avgSessionTime: 'Average minutes from starting a lesson to completing it, over the lessons completed during the period.',
  attemptsCompleted: 'Lessons learners completed during the period.',
  trialUsers: 'Accounts on the free trial right now.',
  conversionRate: 'Of all accounts that ever had a free trial, the percentage that later became active on a paid plan (all time, not only this period).',
  series: 'The same counts per hour (24 hours) or per day (7, 30 and 90 days), in UTC.',
};

export const COSTS_EXPLANATIONS: Explanations = {
  totalCosts: 'AI usage during the period converted to AUD, plus the fixed monthly costs for the length of the period (monthly amount × days in the period ÷ 30).',
  aiUsage: 'Each AI call is priced in US dollars by the provider and converted to AUD with the exchange rate set on this page (the current rate is used for every period).',
  breakdown: 'OpenAI, Veo and YouTube are the AI and API bills; hosting is the fixed costs in the hosting category; others is other fixed costs and any other AI provider. The free built-in question writer costs nothing and is not listed.',
  revenue: 'Revenue earned during the period: for each account, every day it was active on a paid plan during the period earns the monthly price ÷ 30 (part days count in proportion). Admin accounts and accounts given unlimited access by an admin are not paying customers and count for nothing.',
  profit: 'Revenue of the period minus total costs of the period.',
  profitMargin: 'Profit as a percentage of revenue; not shown when there was no revenue.',
  details: 'AI costs grouped by service and operation (usage in tokens), then each fixed cost for the period (usage in days).',
  series: 'AI cost (AUD) and AI calls per hour (24 hours) or per day, in UTC.',
};

export const SUBSCRIPTION_EXPLANATIONS: Explanations = {
  monthlyRevenue: 'The monthly prices added up of every paying account active on a paid plan at the end of the period (Pro A$200, Enterprise A$500). Admin accounts and accounts given unlimited access by an admin are not paying customers and count for nothing.',
  revenueInRange: 'Revenue earned during the period: each day an account was active on a paid plan earns the monthly price ÷ 30 (part days count in proportion), following every plan change.',
  activeSubscriptions: 'Paying accounts active on a paid plan at the end of the period (not admins, not unlimited access).',
  trialUsers: 'Accounts on the free trial right now.',
  conversionRate: 'Of all accounts that ever had a free trial, the percentage that later became active on a paid plan (all time).',
  byPlan: 'How many accounts hold each plan at the end of the period, whatever their payment status.',
  recentEvents: 'The latest 50 plan changes of the period, newest first.',
  series: 'Plan changes and new accounts per hour (24 hours) or per day, in UTC.',
};
