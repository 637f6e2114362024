import { LogOut, Sparkles } from 'lucide-react';
import { subscriptionLabel, trialDaysLeft } from '@veolearn/domain';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Separator } from '../../../components/ui/separator';
import { Brand } from '../../../components/layout/brand';
import type { AuthUser } from '../../auth/api/auth-api';
import { useSignOut } from '../../auth/hooks/use-sign-out';
import { SiteAdminLink } from '../../admin/components/site-admin-link';

export function badgeVariant(status: string | null): BadgeProps['variant'] {
  switch (status) {
    case 'past_due':
      return 'destructive';
    case 'active':
      return 'default';
    case 'trial':
      return 'secondary';
    default:
      return 'outline';
  }
}

export function DashboardHeader({ user }: { user: AuthUser }) {
  const signOut = useSignOut('/');
  const name = user.firstName?.trim() || user.username;
  const daysLeft = trialDaysLeft(user.trialEndsAt);

  return (
    <header className="border-b bg-background">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <div className="flex min-w-0 flex-wrap items-center gap-4">
          <Brand />
          <Separator orientation="vertical" className="hidden h-10 sm:block" />
          <div className="min-w-0">
            <h1 className="truncate text-lg font-semibold">Welcome, {name}!</h1>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <Badge variant={badgeVariant(user.subscriptionStatus)}>{subscriptionLabel(user.subscriptionStatus)}</Badge>
              {user.hasUnlimitedAccess && (
                <Badge variant="success">
                  <Sparkles className="size-3" aria-hidden="true" />
                  Unlimited Access
                </Badge>
              )}
              {user.subscriptionStatus === 'trial' && (
                <span data-testid="trial-days-left">
                  {daysLeft} {daysLeft === 1 ? 'day' : 'days'} left in trial
                </span>
              )}
            </div>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <SiteAdminLink username={user.username} />
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
    </header>
  );
}
