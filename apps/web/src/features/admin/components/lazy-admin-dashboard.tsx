import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../components/layout/page-loader';
import type { AuthUser } from '../../auth/api/auth-api';

/** The dashboard and its charts (recharts) are their own chunk: only an admin's page downloads them. */
const AdminDashboard = lazy(() => import('./admin-dashboard'));

export function LazyAdminDashboard({ user }: { user: AuthUser }) {
  return (
    <Suspense fallback={<PageLoader label="Loading the admin dashboard..." />}>
      <AdminDashboard user={user} />
    </Suspense>
  );
}
