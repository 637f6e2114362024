import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../library/format';
import type { AdminCosts, AdminRange } from '../api/admin-api';
import { formatAud, formatCount } from '../admin-format';
import { useAdminCostsQuery } from '../hooks/use-admin';
import { AdminTable, FigureList, QueryView, StatGrid, type Column } from './admin-ui';
import { ExportButton } from './export-button';
import { SeriesChart } from './series-chart';

type CostDetail = AdminCosts['details'][number];

const BREAKDOWN_LABELS: Record<keyof AdminCosts['breakdown'], string> = {
  openai: 'OpenAI',
  veo: 'Veo video generation',
  hosting: 'Hosting',
  youtube: 'YouTube API',
  others: 'Other',
};

const DETAIL_COLUMNS: Column<CostDetail>[] = [
  { header: 'Service', cell: (d) => d.service },
  { header: 'Cost type', cell: (d) => d.costType },
  { header: 'Usage', cell: (d) => `${formatCount(d.usage)} ${d.usageUnit}`, className: 'text-right' },
  { header: 'Amount', cell: (d) => formatAud(d.amount), className: 'text-right' },
  { header: 'Recorded', cell: (d) => formatDate(d.recordedAt, true) },
];

export function CostsTab({ range }: { range: AdminRange }) {
  const costs = useAdminCostsQuery(range);
  return (
    <QueryView query={costs} label="server costs">
      {(data) => (
        <div className="grid grid-cols-1 gap-4">
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
              <CardTitle as="h3">Breakdown · {formatAud(data.totalCosts)}</CardTitle>
              <ExportButton kind="costs" range={range} label="Export Costs" />
            </CardHeader>
            <CardContent className="grid gap-2">
              <FigureList
                label="Costs by kind"
                className="sm:grid-cols-3 lg:grid-cols-5"
                items={(Object.keys(BREAKDOWN_LABELS) as (keyof AdminCosts['breakdown'])[]).map((key) => ({ label: BREAKDOWN_LABELS[key], value: formatAud(data.breakdown[key]) }))}
              />
              {data.explanations.totalCosts && <p className="text-xs text-muted-foreground italic">{data.explanations.totalCosts}</p>}
            </CardContent>
          </Card>
          <StatGrid
            label="AI usage"
            stats={[
              { title: 'AI calls', value: formatCount(data.usage.aiCalls) },
              { title: 'Prompt tokens', value: formatCount(data.usage.promptTokens) },
              { title: 'Completion tokens', value: formatCount(data.usage.completionTokens) },
              { title: 'Failed calls', value: formatCount(data.usage.failedCalls) },
            ]}
          />
          <Card>
            <CardContent className="pt-6">
              <SeriesChart title="Costs over time (AUD)" series={data.series} range={range} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h3">Cost details</CardTitle>
            </CardHeader>
            <CardContent>
              <AdminTable caption="Cost details" columns={DETAIL_COLUMNS} rows={data.details} rowKey={(_, index) => index} empty="No costs recorded in this range." />
            </CardContent>
          </Card>
        </div>
      )}
    </QueryView>
  );
}
