import { useState } from 'react';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/session-client';
import { formatDate } from '../../library/format';
import type { AdminRange, AdminSecurityEvent, SecuritySeverity } from '../api/admin-api';
import { formatCount } from '../admin-format';
import { useResolveSecurityEvent, useSecurityEventsQuery } from '../hooks/use-admin';
import { AdminTable, Pager, QueryView, StatGrid, type Column } from './admin-ui';
import { ExportButton } from './export-button';

export const SECURITY_PAGE_SIZE = 20;
const SEVERITIES: SecuritySeverity[] = ['info', 'warning', 'critical'];
const ALL = 'all';
type ResolvedFilter = typeof ALL | 'open' | 'resolved';

const SEVERITY_BADGE: Record<SecuritySeverity, BadgeProps['variant']> = { info: 'outline', warning: 'secondary', critical: 'destructive' };

function ResolveButton({ event }: { event: AdminSecurityEvent }) {
  const resolve = useResolveSecurityEvent();
  const next = !event.resolved;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={resolve.isPending}
      aria-label={`${next ? 'Mark resolved' : 'Reopen'}: ${event.eventType} at ${formatDate(event.createdAt, true)}`}
      onClick={() =>
        resolve.mutate(
          { id: event.id, resolved: next },
          { onError: (error) => toast({ variant: 'destructive', title: 'Update failed', description: serverMessage(error) ?? 'Please try again.' }) },
        )
      }
    >
      {next ? 'Mark resolved' : 'Reopen'}
    </Button>
  );
}

const COLUMNS: Column<AdminSecurityEvent>[] = [
  { header: 'When', cell: (e) => formatDate(e.createdAt, true) },
  { header: 'Event', cell: (e) => e.eventType },
  { header: 'Severity', cell: (e) => <Badge variant={SEVERITY_BADGE[e.severity]}>{e.severity}</Badge> },
  { header: 'User', cell: (e) => e.userEmail ?? '—' },
  { header: 'IP address', cell: (e) => e.ipAddress ?? '—' },
  { header: 'Status', cell: (e) => (e.resolved ? 'Resolved' : 'Open') },
  { header: 'Action', cell: (e) => <ResolveButton event={e} /> },
];

export function SecurityTab({ range }: { range: AdminRange }) {
  const [page, setPage] = useState(1);
  const [severity, setSeverity] = useState<SecuritySeverity | typeof ALL>(ALL);
  const [resolved, setResolved] = useState<ResolvedFilter>(ALL);
  const [eventType, setEventType] = useState('');
  const security = useSecurityEventsQuery({
    range,
    page,
    pageSize: SECURITY_PAGE_SIZE,
    severity: severity === ALL ? undefined : severity,
    resolved: resolved === ALL ? undefined : resolved === 'resolved',
    eventType: eventType.trim() || undefined,
  });
  const filter = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryView query={security} label="security events">
        {(data) => (
          <StatGrid
            label="Security figures"
            stats={[
              { title: 'Total events', value: formatCount(data.totalEvents), detail: `${formatCount(data.unresolved)} unresolved` },
              { title: 'Critical events', value: formatCount(data.criticalEvents) },
              { title: 'Failed sign-ins', value: formatCount(data.failedLogins), detail: `${formatCount(data.lockouts)} lockouts` },
              { title: 'Rate limit hits', value: formatCount(data.rateLimitHits), detail: `${formatCount(data.rejectedLtiLaunches)} rejected LTI launches` },
            ]}
          />
        )}
      </QueryView>
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="security-severity">Severity</Label>
          <Select value={severity} onValueChange={filter((v: string) => setSeverity(v as SecuritySeverity | typeof ALL))}>
            <SelectTrigger id="security-severity" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All severities</SelectItem>
              {SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {s}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="security-status">Status</Label>
          <Select value={resolved} onValueChange={filter((v: string) => setResolved(v as ResolvedFilter))}>
            <SelectTrigger id="security-status" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All</SelectItem>
              <SelectItem value="open">Open</SelectItem>
              <SelectItem value="resolved">Resolved</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="security-type">Event type</Label>
          <Input id="security-type" className="w-48" placeholder="e.g. login_failed" value={eventType} onChange={(e) => filter(setEventType)(e.target.value)} />
        </div>
        <div className="ml-auto">
          <ExportButton kind="security-events" range={range} label="Export Security Events" />
        </div>
      </div>
      {security.data && (
        <>
          <AdminTable caption="Security events" columns={COLUMNS} rows={security.data.events} rowKey={(e) => e.id} empty="No security events match." />
          <Pager label="Security events" page={security.data.page} pageSize={security.data.pageSize} total={security.data.total} onPage={setPage} />
        </>
      )}
    </div>
  );
}
