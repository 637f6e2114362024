import { CircleDollarSign, Percent, Server, Users } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminRange } from '../api/admin-api';
import { adminFetchError, formatAud, formatCount, formatPercent } from '../admin-format';
import { useAdminAnalyticsQuery, useAdminCostsQuery, useAdminSubscriptionsQuery } from '../hooks/use-admin';
import { StatGrid, type Stat } from './admin-ui';

/** A figure while its query loads or failed: never a made-up 0. */
function pending(query: UseQueryResult<unknown>): Pick<Stat, 'value' | 'detail'> {
  return query.isError ? { value: '—', detail: adminFetchError(query.error) } : { value: '…' };
}

/**
 * Total Users, Monthly Revenue, Server Costs and Profit Margin (spec section 2). Profit is revenue
 * minus costs and the margin is profit over revenue, as the API computes them (not the spec's
 * "revenue × 1.5 − costs").
 */
export function AdminSummary({ range }: { range: AdminRange }) {
  const analytics = useAdminAnalyticsQuery(range);
  const subscriptions = useAdminSubscriptionsQuery(range);
  const costs = useAdminCostsQuery(range);
  const a = analytics.data;
  const s = subscriptions.data;
  const c = costs.data;

  const stats: Stat[] = [
    {
      title: 'Total Users',
      icon: Users,
      ...(a ? { value: formatCount(a.totalUsers), detail: `+${formatCount(a.newUsersThisPeriod)} new this period`, how: a.explanations.totalUsers } : pending(analytics)),
    },
    {
      title: 'Monthly Revenue',
      icon: CircleDollarSign,
      ...(s ? { value: formatAud(s.monthlyRevenue), detail: `${formatCount(s.activeSubscriptions)} active subscriptions`, how: s.explanations.monthlyRevenue } : pending(subscriptions)),
    },
    {
      title: 'Server Costs',
      icon: Server,
      ...(c ? { value: formatAud(c.totalCosts), detail: 'In this range', how: c.explanations.totalCosts } : pending(costs)),
    },
    {
      title: 'Profit Margin',
      icon: Percent,
      ...(c ? { value: formatPercent(c.profitMargin), detail: `Profit ${formatAud(c.profit)} on ${formatAud(c.revenue)} revenue`, how: c.explanations.profitMargin } : pending(costs)),
    },
  ];
  return <StatGrid label="Summary" heading="h2" stats={stats} />;
}
