import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { PLAN_INFO, PLANS } from '@veolearn/domain';
import { buttonVariants } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { routes } from '../app/routes';
import { formatDate } from '../features/library/format';
import type { LtiPlatformView } from '../features/admin/api/admin-api';
import { formatAud } from '../features/admin/admin-format';
import { AdminGate } from '../features/admin/components/admin-gate';
import { AdminHeader } from '../features/admin/components/admin-header';
import { AdminTable, QueryView, type Column } from '../features/admin/components/admin-ui';
import { FixedCostsForm } from '../features/admin/components/fixed-costs-form';
import { UserPlanEditor } from '../features/admin/components/user-plan-editor';
import { useFixedCostsQuery, useLtiPlatformsQuery } from '../features/admin/hooks/use-admin';

const PLATFORM_COLUMNS: Column<LtiPlatformView>[] = [
  { header: 'Name', cell: (p) => p.name },
  { header: 'Issuer', cell: (p) => p.issuer },
  { header: 'Client ID', cell: (p) => p.clientId },
  { header: 'Deployments', cell: (p) => p.deploymentIds.join(', ') || '—' },
  { header: 'Registered', cell: (p) => formatDate(p.createdAt) },
];

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        <CardTitle as="h2" id={id}>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SiteAdmin() {
  const fixedCosts = useFixedCostsQuery();
  const platforms = useLtiPlatformsQuery();
  return (
    <div className="min-h-screen bg-muted/30">
      <AdminHeader title="Site administration">
        <Link to={routes.admin} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Admin dashboard
        </Link>
      </AdminHeader>
      <main className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
        <Section id="fixed-costs" title="Fixed monthly costs" description="Hosting and other monthly costs in AUD. Server Costs and the profit margin include them pro rata for each range.">
          <QueryView query={fixedCosts} label="fixed costs">
            {(settings) => <FixedCostsForm settings={settings} />}
          </QueryView>
        </Section>
        <Section id="user-plan" title="A user's plan and status" description="Find a user, then set their plan, subscription status or unlimited access. Each change is recorded as a subscription event.">
          <UserPlanEditor />
        </Section>
        <Section id="plan-prices" title="Plan prices" description="Set in code (the domain library's plan list), not here: changing them is a release.">
          <ul className="grid gap-2 sm:grid-cols-3">
            {PLANS.map((plan) => (
              <li key={plan} className="grid rounded-md border p-3 text-sm">
                <span className="font-medium">{PLAN_INFO[plan].name}</span>
                <span>{formatAud(PLAN_INFO[plan].priceAud)} per seat / month</span>
                <span className="text-muted-foreground">{PLAN_INFO[plan].videoLimit === null ? 'Unlimited videos' : `${PLAN_INFO[plan].videoLimit} videos`}</span>
              </li>
            ))}
          </ul>
        </Section>
        <Section id="lti-platforms" title="LTI platform registrations" description="LMS platforms (LTI 1.3) registered with VeoLearn. Register or remove them through the admin API (POST and DELETE /api/admin/lti/platforms).">
          <QueryView query={platforms} label="LTI platforms">
            {(list) => <AdminTable caption="LTI platforms" columns={PLATFORM_COLUMNS} rows={list} rowKey={(p) => p.id} empty="No LMS platform is registered yet." />}
          </QueryView>
        </Section>
      </main>
    </div>
  );
}

/** /admin/site (linked for the user named admin): fixed costs, users' plans, plan prices and LTI platforms. */
export default function AdminSitePage() {
  return <AdminGate>{() => <SiteAdmin />}</AdminGate>;
}
