import { CalendarClock, Mail, Video } from 'lucide-react';
import { subscriptionLabel, trialDaysLeft } from '@veolearn/domain';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AuthUser } from '../../auth/api/auth-api';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** Facts from the signed-in user's record only; no sample figures. */
export function AccountSummary({ user }: { user: AuthUser }) {
  const trialEnds = formatDate(user.trialEndsAt);
  const plan =
    user.subscriptionStatus === 'trial'
      ? `${trialDaysLeft(user.trialEndsAt)} days left${trialEnds ? `, ends ${trialEnds}` : ''}`
      : subscriptionLabel(user.subscriptionStatus);

  const items = [
    { title: 'Account', icon: Mail, value: user.username, detail: user.email },
    { title: 'Plan', icon: CalendarClock, value: subscriptionLabel(user.subscriptionStatus), detail: plan },
    {
      title: 'Videos created',
      icon: Video,
      value: String(user.totalVideosCreated ?? 0),
      detail: `Member since ${formatDate(user.createdAt) ?? 'today'}`,
    },
  ];

  return (
    <section aria-label="Account summary" className="grid gap-4 md:grid-cols-3">
      {items.map((item) => (
        <Card key={item.title}>
          <CardHeader className="flex-row items-center justify-between pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{item.title}</CardTitle>
            <item.icon className="size-4 text-muted-foreground" aria-hidden="true" />
          </CardHeader>
          <CardContent>
            <p className="truncate text-2xl font-bold">{item.value}</p>
            <p className="mt-1 truncate text-xs text-muted-foreground">{item.detail}</p>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
