import { Link } from 'react-router-dom';
import { CreditCard, Receipt } from 'lucide-react';
import { subscriptionLabel } from '@veolearn/domain';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { routes } from '../../../app/routes';
import type { AuthUser } from '../../auth/api/auth-api';
import { planCard, userPlan } from '../../plans/plan-catalog';

const PAYMENTS_NOTE = 'Online payments are not available yet';

export function BillingTab({ user }: { user: AuthUser }) {
  const plan = planCard(userPlan(user));
  const paid = plan.id !== 'trial';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing</CardTitle>
        <CardDescription>Your plan and what it includes.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border p-4">
          <div>
            <p className="text-sm text-muted-foreground">Current plan</p>
            <p className="text-xl font-semibold" data-testid="current-plan">
              {plan.name}
            </p>
            <p className="text-sm">
              <span className="font-medium">{plan.price}</span>{' '}
              <span className="text-muted-foreground">{plan.cadence}</span>
            </p>
          </div>
          <Badge variant="outline">{subscriptionLabel(user.subscriptionStatus)}</Badge>
        </div>
        <ul className="grid gap-1 text-sm text-muted-foreground sm:grid-cols-2">
          {plan.features.map((f) => (
            <li key={f}>✓ {f}</li>
          ))}
          {plan.missing.map((f) => (
            <li key={f}>✕ {f}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {plan.id !== 'enterprise' && (
            <Link to={routes.subscribe} className={buttonVariants()}>
              {paid ? 'Upgrade to Enterprise' : 'Upgrade Plan'}
            </Link>
          )}
          {paid && (
            <>
              <Button variant="outline" disabled title={PAYMENTS_NOTE} aria-describedby="payments-note">
                <CreditCard aria-hidden="true" />
                Update Payment Method
              </Button>
              <Button variant="outline" disabled title={PAYMENTS_NOTE} aria-describedby="payments-note">
                <Receipt aria-hidden="true" />
                View Billing History
              </Button>
            </>
          )}
        </div>
        {paid && (
          <p id="payments-note" className="text-sm text-muted-foreground">
            {PAYMENTS_NOTE}. An administrator manages your plan; contact support for invoices.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
