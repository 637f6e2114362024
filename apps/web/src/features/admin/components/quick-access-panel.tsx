import { LogOut, RefreshCw, UserCheck, UserPlus, Users } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDate } from '../../library/format';
import type { AdminQuickAccess, AdminUser } from '../api/admin-api';
import { formatCount } from '../admin-format';
import { useAdminLogout } from '../hooks/use-admin-logout';
import { useQuickAccessQuery } from '../hooks/use-admin';
import { AdminTable, QueryView, type Column } from './admin-ui';

/** Spec section 9: the panel lists the 10 newest users. */
export const QUICK_ACCESS_LIMIT = 10;

const COLUMNS: Column<AdminUser>[] = [
  { header: 'ID', cell: (u) => u.id },
  { header: 'Username', cell: (u) => u.username },
  { header: 'Email', cell: (u) => u.email },
  { header: 'Status', cell: (u) => u.status },
  { header: 'Videos', cell: (u) => u.videos, className: 'text-right' },
  { header: 'Created', cell: (u) => formatDate(u.created) },
];

function Glance({ data }: { data: AdminQuickAccess }) {
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1 text-sm">
      <dl aria-label="Users at a glance" className="flex flex-wrap gap-x-6 gap-y-1">
        {[
          { label: 'Total users', value: data.totalUsers, icon: Users },
          { label: 'Trial users', value: data.trialUsers, icon: UserPlus },
          { label: 'Paid users', value: data.paidUsers, icon: UserCheck },
        ].map((item) => (
          <div key={item.label} className="flex items-center gap-2">
            <item.icon className="size-4 text-muted-foreground" aria-hidden="true" />
            <dt className="text-muted-foreground">{item.label}</dt>
            <dd className="text-lg font-bold">{formatCount(item.value)}</dd>
          </div>
        ))}
      </dl>
      {data.totalUsers > QUICK_ACCESS_LIMIT && (
        <p className="text-muted-foreground">
          Showing {Math.min(QUICK_ACCESS_LIMIT, data.recentUsers.length)} of {data.totalUsers} total users
        </p>
      )}
    </div>
  );
}

/** Total, trial and paid users and the newest sign-ups, with Refresh Data and Logout. */
export function QuickAccessPanel() {
  const quick = useQuickAccessQuery();
  const signOut = useAdminLogout();

  return (
    <Card aria-labelledby="quick-access-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 pb-3">
        <div className="grid gap-1">
          <CardTitle as="h2" id="quick-access-title">
            Quick access
          </CardTitle>
          {quick.data ? <Glance data={quick.data} /> : <CardDescription>The newest accounts at a glance.</CardDescription>}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void quick.refetch()} disabled={quick.isFetching}>
            <RefreshCw className={quick.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh Data
          </Button>
          <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryView query={quick} label="admin data">
          {(data) => <AdminTable caption="Recent users" dense columns={COLUMNS} rows={data.recentUsers} rowKey={(u) => u.id} empty="No users yet." />}
        </QueryView>
      </CardContent>
    </Card>
  );
}
