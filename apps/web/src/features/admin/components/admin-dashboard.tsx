import { Link } from 'react-router-dom';
import { useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { ChartBar as BarChart3, CreditCard, Film, RefreshCw, Server, ShieldAlert, Users } from 'lucide-react';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { routes } from '../../../app/routes';
import { useTabParam } from '../../../lib/use-tab-param';
import type { AuthUser } from '../../auth/api/auth-api';
import type { AdminRange } from '../api/admin-api';
import { adminKeys } from '../admin-query-keys';
import { DEFAULT_ADMIN_RANGE } from '../admin-format';
import { useRefreshAdmin } from '../hooks/use-admin';
import { AdminHeader } from './admin-header';
import { RangeSelect } from './admin-ui';
import { AdminSummary } from './admin-summary';
import { AnalyticsTab } from './analytics-tab';
import { CostsTab } from './costs-tab';
import { QuickAccessPanel } from './quick-access-panel';
import { SecurityTab } from './security-tab';
import { SiteAdminLink } from './site-admin-link';
import { SubscriptionsTab } from './subscriptions-tab';
import { UsersTab } from './users-tab';

const TABS = [
  { value: 'users', label: 'Users', icon: Users, Panel: UsersTab },
  { value: 'subscriptions', label: 'Subscriptions', icon: CreditCard, Panel: SubscriptionsTab },
  { value: 'costs', label: 'Server Costs', icon: Server, Panel: CostsTab },
  { value: 'security', label: 'Security', icon: ShieldAlert, Panel: SecurityTab },
  { value: 'analytics', label: 'Analytics', icon: BarChart3, Panel: AnalyticsTab },
] as const;
const TAB_VALUES = TABS.map((t) => t.value);

/** The admin dashboard (spec section 2): range, Refresh, four summary cards, quick access and five tabs. */
export default function AdminDashboard({ user }: { user: AuthUser }) {
  const [range, setRange] = useState<AdminRange>(DEFAULT_ADMIN_RANGE);
  const [tab, selectTab] = useTabParam(TAB_VALUES);
  const refresh = useRefreshAdmin();
  const refreshing = useIsFetching({ queryKey: adminKeys.all }) > 0;

  return (
    <div className="min-h-screen bg-muted/30">
      <AdminHeader title="Admin dashboard">
        <RangeSelect value={range} onChange={setRange} />
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
        <Link to={routes.userDashboard} className={buttonVariants({ variant: 'ghost' })}>
          <Film aria-hidden="true" />
          My Videos
        </Link>
        <SiteAdminLink username={user.username} />
      </AdminHeader>
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-5 px-4 py-5 sm:px-6">
        <AdminSummary range={range} />
        <QuickAccessPanel />
        <Tabs value={tab} onValueChange={selectTab} className="grid grid-cols-1 gap-4">
          <div className="overflow-x-auto">
            <TabsList className="h-auto w-max justify-start gap-1">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="gap-1.5 px-3 py-1.5">
                  <t.icon className="size-4" aria-hidden="true" />
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {TABS.map(({ value, Panel }) => (
            <TabsContent key={value} value={value} className="mt-0 min-w-0">
              <Panel range={range} />
            </TabsContent>
          ))}
        </Tabs>
      </main>
    </div>
  );
}
