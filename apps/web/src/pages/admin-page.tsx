import { AdminGate } from '../features/admin/components/admin-gate';
import { LazyAdminDashboard } from '../features/admin/components/lazy-admin-dashboard';

/** /admin: the admin dashboard behind the access check. */
export default function AdminPage() {
  return <AdminGate>{(user) => <LazyAdminDashboard user={user} />}</AdminGate>;
}
