import { PLAN_INFO, PLANS, subscriptionLabel } from '@veolearn/domain';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../library/format';
import type { AdminRange, AdminSubscriptions } from '../api/admin-api';
import { formatAud, formatCount, formatPercent } from '../admin-format';
import { useAdminSubscriptionsQuery } from '../hooks/use-admin';
import { AdminTable, FigureList, QueryView, StatGrid, type Column } from './admin-ui';
import { ExportButton } from './export-button';
import { SeriesChart } from './series-chart';

type SubscriptionEvent = AdminSubscriptions['recentEvents'][number];

const EVENT_COLUMNS: Column<SubscriptionEvent>[] = [
  { header: 'User', cell: (e) => e.userEmail },
  { header: 'Event', cell: (e) => e.eventType },
  { header: 'Change', cell: (e) => `${e.fromPlan ? PLAN_INFO[e.fromPlan].name : '—'} → ${PLAN_INFO[e.toPlan].name} (${subscriptionLabel(e.toStatus)})` },
  { header: 'Amount', cell: (e) => formatAud(e.amount), className: 'text-right' },
  { header: 'When', cell: (e) => formatDate(e.createdAt, true) },
];

export function SubscriptionsTab({ range }: { range: AdminRange }) {
  const subscriptions = useAdminSubscriptionsQuery(range);
  return (
    <QueryView query={subscriptions} label="subscriptions">
      {(data) => (
        <div className="grid grid-cols-1 gap-4">
          <StatGrid
            label="Subscription figures"
            stats={[
              { title: 'Monthly revenue', value: formatAud(data.monthlyRevenue), how: data.explanations.monthlyRevenue },
              { title: 'Revenue in range', value: formatAud(data.revenueInRange), how: data.explanations.revenueInRange },
              { title: 'Active subscriptions', value: formatCount(data.activeSubscriptions), how: data.explanations.activeSubscriptions },
              { title: 'Conversion rate', value: formatPercent(data.conversionRate), detail: `${formatCount(data.trialUsers)} trial users`, how: data.explanations.conversionRate },
            ]}
          />
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
              <CardTitle as="h3">By plan</CardTitle>
              <ExportButton kind="subscriptions" range={range} label="Export Subscriptions" />
            </CardHeader>
            <CardContent>
              <FigureList label="Subscriptions by plan" items={PLANS.map((plan) => ({ label: PLAN_INFO[plan].name, value: formatCount(data.byPlan[plan] ?? 0) }))} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-6">
              <SeriesChart title="Subscriptions over time" series={data.series} range={range} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">Recent subscription events</CardTitle>
            </CardHeader>
            <CardContent>
              <AdminTable caption="Recent subscription events" columns={EVENT_COLUMNS} rows={data.recentEvents} rowKey={(_, index) => index} empty="No subscription events in this range." />
            </CardContent>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
