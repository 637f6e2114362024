import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { AdminAnalytics, AdminRange } from '../api/admin-api';
import { formatCount, formatPercent } from '../admin-format';
import { useAdminAnalyticsQuery } from '../hooks/use-admin';
import { FigureList, QueryView, StatGrid } from './admin-ui';
import { SeriesChart } from './series-chart';

const SOURCE_LABELS: Record<keyof AdminAnalytics['videoSources'], string> = { youtube: 'YouTube', upload: 'Uploads', generated: 'AI generated (Veo)' };

export function AnalyticsTab({ range }: { range: AdminRange }) {
  const analytics = useAdminAnalyticsQuery(range);
  return (
    <QueryView query={analytics} label="analytics">
      {(data) => {
        const how = data.explanations;
        return (
          <div className="grid grid-cols-1 gap-4">
            <StatGrid
              label="Activity figures"
              stats={[
                { title: 'Videos created', value: formatCount(data.videosCreated), detail: `${formatCount(data.vrVideos)} VR`, how: how.videosCreated },
                { title: 'Questions', value: formatCount(data.totalQuestions), how: how.totalQuestions },
                { title: 'Avg. session', value: `${Math.round(data.avgSessionTime * 10) / 10} min`, detail: `${formatCount(data.attemptsCompleted)} lessons completed`, how: how.avgSessionTime },
                { title: 'Conversion rate', value: formatPercent(data.conversionRate), detail: `${formatCount(data.trialUsers)} trial users`, how: how.conversionRate },
              ]}
            />
            <Card>
              <CardHeader>
                <CardTitle as="h3">Video sources</CardTitle>
              </CardHeader>
              <CardContent>
                <FigureList
                  label="Video sources"
                  items={(Object.keys(SOURCE_LABELS) as (keyof AdminAnalytics['videoSources'])[]).map((key) => ({ label: SOURCE_LABELS[key], value: formatCount(data.videoSources[key]) }))}
                />
                <p className="mt-2 text-xs text-muted-foreground">{formatCount(data.recentEvents)} events recorded in this range.</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-6">
                <SeriesChart title="Activity over time" series={data.series} range={range} />
              </CardContent>
            </Card>
          </div>
        );
      }}
    </QueryView>
  );
}
