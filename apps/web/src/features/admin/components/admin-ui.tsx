import type { ComponentType, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertCircle, Loader2, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import type { AdminRange } from '../api/admin-api';
import { ADMIN_RANGES, adminFetchError, RANGE_LABELS } from '../admin-format';

export function LoadingRow({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      {label}
    </div>
  );
}

export function ErrorRow({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-red-700">
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

/** A query's three states: loading, the spec's error texts with Retry, or its data. */
export function QueryView<T>({ query, label, children }: { query: UseQueryResult<T>; label: string; children: (data: T) => ReactNode }) {
  // A refresh that failed says so (with Retry) above the figures it could not renew.
  if (query.data !== undefined)
    return (
      <>
        {query.isError && <ErrorRow message={adminFetchError(query.error)} onRetry={() => void query.refetch()} />}
        {children(query.data)}
      </>
    );
  if (query.isError) return <ErrorRow message={adminFetchError(query.error)} onRetry={() => void query.refetch()} />;
  return <LoadingRow label={`Loading ${label}...`} />;
}

export interface Stat {
  title: string;
  value: string;
  detail?: string;
  /** How the figure is computed (from the API's explanations). */
  how?: string;
  icon?: ComponentType<{ className?: string }>;
}

/** `heading`: the cards' title level under the page's outline (h2 straight below the page title, h3 inside a section). */
export function StatGrid({ label, stats, className = 'md:grid-cols-4', heading = 'h3' }: { label: string; stats: Stat[]; className?: string; heading?: 'h2' | 'h3' }) {
  return (
    <section aria-label={label} className={`grid grid-cols-2 gap-3 ${className}`}>
      {stats.map((stat) => (
        <Card key={stat.title} role="group" aria-label={stat.title}>
          <CardHeader className="flex-row items-center justify-between space-y-0 p-4 pb-2">
            <CardTitle as={heading} className="text-xs font-medium text-muted-foreground sm:text-sm">
              {stat.title}
            </CardTitle>
            {stat.icon && <stat.icon className="size-4 text-muted-foreground" aria-hidden="true" />}
          </CardHeader>
          <CardContent className="p-4 pt-0">
            <p className="truncate text-xl font-bold sm:text-2xl">{stat.value}</p>
            {stat.detail && <p className="mt-1 text-xs text-muted-foreground">{stat.detail}</p>}
            {stat.how && <p className="mt-1 text-xs text-muted-foreground italic">{stat.how}</p>}
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

/** Named figures side by side (plans, video sources, cost kinds). */
export function FigureList({ label, items, className = 'sm:grid-cols-3' }: { label: string; items: { label: string; value: string }[]; className?: string }) {
  return (
    <ul aria-label={label} className={`grid gap-2 ${className}`}>
      {items.map((item) => (
        <li key={item.label} className="flex flex-wrap justify-between gap-x-2 rounded-md border p-3 text-sm">
          <span className="text-muted-foreground">{item.label}</span>
          <span className="font-semibold">{item.value}</span>
        </li>
      ))}
    </ul>
  );
}

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** A table that scrolls sideways inside its card on a narrow screen instead of widening the page. */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  dense = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  empty: string;
  /** Shorter rows, for a table on the dashboard's first screen. */
  dense?: boolean;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-max text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} className="border-t">
              {columns.map((column) => (
                <td key={column.header} className={`px-3 whitespace-nowrap ${dense ? 'py-1' : 'py-2'} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
      <span>
        Page {page} of {pages} · {total} {total === 1 ? 'result' : 'results'}
      </span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

export function RangeSelect({ value, onChange }: { value: AdminRange; onChange: (range: AdminRange) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor="admin-range" className="text-sm whitespace-nowrap">
        Time range
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as AdminRange)}>
        <SelectTrigger id="admin-range" className="w-40">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {ADMIN_RANGES.map((range) => (
            <SelectItem key={range} value={range}>
              {RANGE_LABELS[range]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
