import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { ChartBar as BarChart3, CreditCard, Film, RefreshCw, Server, ShieldAlert, Users } from 'lucide-react';
import { Brand } from '../../../components/layout/brand';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Separator } from '../../../components/ui/separator';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { routes } from '../../../app/routes';
import type { AuthUser } from '../../auth/api/auth-api';
import type { AdminRange } from '../api/admin-api';
import { adminKeys } from '../admin-query-keys';
import { DEFAULT_ADMIN_RANGE } from '../admin-format';
import { useRefreshAdmin } from '../hooks/use-admin';
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
  { value: 'users', label: 'Users', icon: Users },
  { value: 'subscriptions', label: 'Subscriptions', icon: CreditCard },
  { value: 'costs', label: 'Server Costs', icon: Server },
  { value: 'security', label: 'Security', icon: ShieldAlert },
  { value: 'analytics', label: 'Analytics', icon: BarChart3 },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The admin dashboard (spec section 2): range, Refresh, four summary cards, quick access and five tabs. */
export default function AdminDashboard({ user }: { user: AuthUser }) {
  const [range, setRange] = useState<AdminRange>(DEFAULT_ADMIN_RANGE);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = TABS.some((t) => t.value === requested) ? (requested as TabValue) : 'users';
  const refresh = useRefreshAdmin();
  const refreshing = useIsFetching({ queryKey: adminKeys.all }) > 0;

  function selectTab(value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'users') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="min-h-screen bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex min-w-0 items-center gap-4">
            <Brand to={routes.admin} />
            <Separator orientation="vertical" className="hidden h-8 sm:block" />
            <h1 className="text-lg font-semibold">Admin dashboard</h1>
          </div>
          <div className="flex flex-wrap items-center gap-2">
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
          </div>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6">
        <AdminSummary range={range} />
        <QuickAccessPanel />
        <Tabs value={tab} onValueChange={selectTab} className="grid gap-4">
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
          <TabsContent value="users" className="mt-0">
            <UsersTab range={range} />
          </TabsContent>
          <TabsContent value="subscriptions" className="mt-0">
            <SubscriptionsTab range={range} />
          </TabsContent>
          <TabsContent value="costs" className="mt-0">
            <CostsTab range={range} />
          </TabsContent>
          <TabsContent value="security" className="mt-0">
            <SecurityTab range={range} />
          </TabsContent>
          <TabsContent value="analytics" className="mt-0">
            <AnalyticsTab range={range} />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
