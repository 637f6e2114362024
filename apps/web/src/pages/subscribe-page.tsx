import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Check, Mail, X } from 'lucide-react';
import { SimplePage } from '../components/layout/simple-page';
import { Badge } from '../components/ui/badge';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../components/ui/card';
import { apiRequest, getToken } from '../lib/session-client';
import { cn } from '../lib/utils';
import { routes, SUPPORT_EMAIL } from '../app/routes';
import { authEndpoints, type AuthUser } from '../features/auth/api/auth-api';
import { authKeys } from '../features/auth/auth-query-keys';
import { PLAN_CARDS, userPlan } from '../features/plans/plan-catalog';

/** The plans, the visitor's current one highlighted. Paying online is not available yet, and the page says so. */
export default function SubscribePage() {
  const token = getToken();
  const user = useQuery({
    queryKey: authKeys.user(),
    queryFn: () => apiRequest<AuthUser>('GET', authEndpoints.user, undefined, { on401: 'returnNull' }),
    enabled: token !== null,
    retry: false,
  });
  const me = token !== null ? (user.data ?? null) : null;
  const current = me ? userPlan(me) : null;
  const subject = encodeURIComponent(`Plan change${me ? ` for ${me.username}` : ''}`);
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${subject}`;

  return (
    <SimplePage>
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold tracking-tight">Choose your plan</h1>
        <p className="mt-2 text-muted-foreground">Per-seat pricing in Australian dollars. Every plan includes all 10 question types and VR playback.</p>
      </div>

      <div className="mx-auto mt-6 max-w-3xl rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm" role="note">
        <p className="font-medium">Online payment isn’t available yet.</p>
        <p className="mt-1 text-muted-foreground">
          To upgrade, e-mail{' '}
          <a href={mailto} className="font-medium text-primary underline-offset-4 hover:underline">
            {SUPPORT_EMAIL}
          </a>{' '}
          with the plan and number of seats you need, and an administrator switches your account’s plan.
        </p>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {PLAN_CARDS.map((plan) => {
          const isCurrent = plan.id === current;
          return (
            <Card
              key={plan.id}
              aria-label={`${plan.name} plan`}
              className={cn('flex flex-col', isCurrent && 'border-2 border-primary shadow-md', plan.id === 'pro' && !isCurrent && 'border-primary/40')}
            >
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle as="h2" className="text-xl">{plan.name}</CardTitle>
                  {isCurrent ? <Badge>Current plan</Badge> : plan.id === 'pro' ? <Badge variant="secondary">Most popular</Badge> : null}
                </div>
                <CardDescription>{plan.summary}</CardDescription>
                <p className="pt-2">
                  <span className="block text-3xl font-bold">{plan.price}</span>
                  <span className="block text-sm text-muted-foreground">{plan.cadence}</span>
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      {f}
                    </li>
                  ))}
                  {plan.missing.map((f) => (
                    <li key={f} className="flex items-start gap-2 text-muted-foreground">
                      <X className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      {f}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                {!me ? (
                  plan.id === 'trial' ? (
                    <Link to={routes.signUp} className={buttonVariants({ className: 'w-full' })}>
                      Start Free Trial
                    </Link>
                  ) : (
                    <a href={mailto} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
                      <Mail aria-hidden="true" />
                      Contact support
                    </a>
                  )
                ) : isCurrent ? (
                  <span className={buttonVariants({ variant: 'secondary', className: 'pointer-events-none w-full' })}>Your current plan</span>
                ) : plan.id === 'trial' ? (
                  <span className="w-full text-center text-sm text-muted-foreground">Included when you sign up</span>
                ) : (
                  <a href={mailto} className={buttonVariants({ className: 'w-full' })}>
                    <Mail aria-hidden="true" />
                    Contact support to switch
                  </a>
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3 text-sm">
        {me ? (
          <Link to={routes.userDashboard} className={buttonVariants({ variant: 'outline' })}>
            Back to dashboard
          </Link>
        ) : (
          <>
            <Link to={routes.signUp} className={buttonVariants()}>
              Create your account
            </Link>
            <Link to={routes.signIn} className={buttonVariants({ variant: 'outline' })}>
              Sign In
            </Link>
          </>
        )}
      </div>
    </SimplePage>
  );
}
