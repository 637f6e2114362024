import { ChartBar as BarChart3, CreditCard, Film, Glasses, UserRound } from 'lucide-react';
import { trialDaysLeft } from '@veolearn/domain';
import { PageLoader } from '../components/layout/page-loader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useRequiredSession } from '../features/auth/hooks/use-session';
import type { AuthUser } from '../features/auth/api/auth-api';
import { LazyAdminDashboard } from '../features/admin/components/lazy-admin-dashboard';
import { AccountTab } from '../features/dashboard/components/account-tab';
import { AnalyticsTab } from '../features/dashboard/components/analytics-tab';
import { BillingTab } from '../features/dashboard/components/billing-tab';
import { DashboardHeader } from '../features/dashboard/components/dashboard-header';
import { SummaryCards } from '../features/dashboard/components/summary-cards';
import { TRIAL_WARNING_DAYS, TrialWarning } from '../features/dashboard/components/trial-warning';
import { VrTab } from '../features/dashboard/components/vr-tab';
import { FolderBrowser } from '../features/library/components/folder-browser';
import { PlanUsageMeter } from '../features/library/components/plan-usage';
import { usePlanUsageQuery, useUserAnalyticsQuery } from '../features/library/hooks/use-library';
import { useTabParam } from '../lib/use-tab-param';

const TABS = [
  { value: 'videos', label: 'My Videos', icon: Film },
  { value: 'vr', label: 'VR Learning', icon: Glasses },
  { value: 'account', label: 'Account', icon: UserRound },
  { value: 'billing', label: 'Billing', icon: CreditCard },
  { value: 'analytics', label: 'Analytics', icon: BarChart3 },
] as const;
const TAB_VALUES = TABS.map((t) => t.value);

function Dashboard({ user }: { user: AuthUser }) {
  const [tab, selectTab] = useTabParam(TAB_VALUES);
  const analytics = useUserAnalyticsQuery();
  const usage = usePlanUsageQuery();
  const daysLeft = trialDaysLeft(user.trialEndsAt);
  const showTrialWarning = user.subscriptionStatus === 'trial' && daysLeft <= TRIAL_WARNING_DAYS;

  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader user={user} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
        {showTrialWarning && <TrialWarning daysLeft={daysLeft} />}
        <SummaryCards user={user} analytics={analytics.isError ? null : analytics.data} />
        <PlanUsageMeter usage={usage.data} />
        <Tabs value={tab} onValueChange={selectTab} className="grid gap-4">
          <div>
            <TabsList className="h-auto w-full flex-wrap justify-start gap-1 sm:w-max">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="gap-1.5 px-3 py-1.5">
                  <t.icon className="size-4" aria-hidden="true" />
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          <TabsContent value="videos" className="mt-0">
            <FolderBrowser />
          </TabsContent>
          <TabsContent value="vr" className="mt-0">
            <VrTab />
          </TabsContent>
          <TabsContent value="account" className="mt-0">
            <AccountTab user={user} />
          </TabsContent>
          <TabsContent value="billing" className="mt-0">
            <BillingTab user={user} />
          </TabsContent>
          <TabsContent value="analytics" className="mt-0">
            <AnalyticsTab
              user={user}
              analytics={analytics.data}
              error={analytics.error}
              loading={analytics.isPending}
              onRetry={() => void analytics.refetch()}
            />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}

/** `adminHome`: the /dashboard route, where an admin sees the admin dashboard (spec sections 4 and 6); /user-dashboard is everyone's library. */
export default function DashboardPage({ adminHome = false }: { adminHome?: boolean }) {
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label="Checking your session..." />;
  if (adminHome && user.isAdmin) return <LazyAdminDashboard user={user} />;
  return <Dashboard user={user} />;
}
