import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminRange, AdminSeriesPoint } from '../api/admin-api';

/** Colours with at least 3:1 contrast on white, told apart by the legend too (not colour alone). */
const CHART_COLORS = ['#4f46e5', '#0f766e', '#b45309', '#be123c', '#0369a1', '#6d28d9'] as const;

/** "newUsers" → "New users". */
export function metricLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The series' numeric metrics, in the order the API gives them: the chart draws whatever the service measures. */
export function seriesMetrics(series: AdminSeriesPoint[]): string[] {
  const keys = new Set<string>();
  for (const point of series) for (const [key, value] of Object.entries(point)) if (key !== 'at' && typeof value === 'number') keys.add(key);
  return [...keys];
}

function bucketLabel(at: string, range: AdminRange): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return range === '24h'
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/**
 * The API's series as lines. recharts is imported only here, and this file only from the admin
 * dashboard's lazy chunk, so the landing and user pages never download it.
 */
export function SeriesChart({ title, series, range }: { title: string; series: AdminSeriesPoint[]; range: AdminRange }) {
  const metrics = seriesMetrics(series).map((key, i) => ({ key, label: metricLabel(key), color: CHART_COLORS[i % CHART_COLORS.length] }));
  if (series.length === 0 || metrics.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">No data in this range yet.</p>;
  const summary = metrics.map((m) => `${m.label}: ${series.reduce((sum, p) => sum + (typeof p[m.key] === 'number' ? (p[m.key] as number) : 0), 0)}`).join(', ');
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <div role="img" aria-label={`${title}. Totals in this range: ${summary}.`} className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={series.map((p) => ({ ...p, label: bucketLabel(p.at, range) }))} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis tick={{ fontSize: 12 }} width={48} allowDecimals />
            <Tooltip />
            <Legend />
            {metrics.map((m) => (
              <Line key={m.key} type="monotone" dataKey={m.key} name={m.label} stroke={m.color} strokeWidth={2} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
