import { Film } from 'lucide-react';
import { PageLoader } from '../components/layout/page-loader';
import { Card, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { AccountSummary } from '../features/dashboard/components/account-summary';
import { DashboardHeader } from '../features/dashboard/components/dashboard-header';
import { useRequiredSession } from '../features/auth/hooks/use-session';

/** Minimal signed-in home for now; the full dashboard (folders, tabs, analytics) lands in a later issue. */
export default function DashboardPage() {
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label="Checking your session..." />;

  return (
    <div className="min-h-screen bg-muted/30">
      <DashboardHeader user={user} />
      <main className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
        <AccountSummary user={user} />
        <Card>
          <CardHeader className="items-center py-12 text-center">
            <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Film className="size-6" aria-hidden="true" />
            </span>
            <CardTitle className="text-xl">Your video library is coming soon</CardTitle>
            <CardDescription className="max-w-md text-base">
              Folders, your interactive videos and their analytics will appear here. Creating videos is not available
              in this version yet.
            </CardDescription>
          </CardHeader>
        </Card>
      </main>
    </div>
  );
}
