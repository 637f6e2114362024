import { Clock, MousePointerClick, ShieldCheck, Video } from 'lucide-react';
import { subscriptionLabel, trialDaysLeft } from '@veolearn/domain';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AuthUser } from '../../auth/api/auth-api';
import type { UserAnalytics } from '../../library/api/library-api';
import { planCard, userPlan } from '../../plans/plan-catalog';

/** Videos Created, Watch Time, Interactions, Account Status: real figures only. */
export function SummaryCards({ user, analytics }: { user: AuthUser; analytics: UserAnalytics | null | undefined }) {
  const pending = analytics === undefined;
  const figure = (value: number | undefined) => (pending ? '…' : String(value ?? 0));
  const status =
    user.subscriptionStatus === 'trial'
      ? `${trialDaysLeft(user.trialEndsAt)} trial days left`
      : `${planCard(userPlan(user)).name} plan`;

  const items = [
    {
      title: 'Videos Created',
      icon: Video,
      // A count the library could not give just now shows as unknown, never as 0.
      value: pending
        ? user.totalVideosCreated === null
          ? '—'
          : String(user.totalVideosCreated ?? 0)
        : String(analytics?.totalVideos ?? user.totalVideosCreated ?? '—'),
      detail: 'In your library',
    },
    // Seconds under a minute, minutes with one decimal after: 54 s never reads as 0.
    { title: 'Watch Time', icon: Clock, value: pending ? '…' : (analytics?.watchTimeText ?? '0 s'), detail: 'Watched by learners' },
    { title: 'Interactions', icon: MousePointerClick, value: figure(analytics?.totalInteractions), detail: 'Learner answers' },
    { title: 'Account Status', icon: ShieldCheck, value: subscriptionLabel(user.subscriptionStatus), detail: status },
  ];

  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-4 md:gap-4">
      {items.map((item) => (
        <Card key={item.title}>
          <CardHeader className="flex-row items-center justify-between space-y-0 p-4 pb-2">
            <CardTitle as="h2" className="text-xs font-medium text-muted-foreground sm:text-sm">{item.title}</CardTitle>
            <item.icon className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent className="p-4 pt-0">
            <p className="truncate text-xl font-bold sm:text-2xl">{item.value}</p>
            <p className="mt-1 truncate text-xs text-muted-foreground">{item.detail}</p>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
