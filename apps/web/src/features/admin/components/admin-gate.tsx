import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ShieldAlert } from 'lucide-react';
import { PageLoader } from '../../../components/layout/page-loader';
import { SimplePage } from '../../../components/layout/simple-page';
import { Card, CardContent } from '../../../components/ui/card';
import { routes } from '../../../app/routes';
import type { AuthUser } from '../../auth/api/auth-api';
import { useRequiredSession } from '../../auth/hooks/use-session';

export const ACCESS_DENIED_TEXT = "Access Denied: You don't have admin permissions. Redirecting to dashboard.";
/** Spec section 9: a non-admin reads the message for 2 s, then goes to their dashboard. */
export const ACCESS_DENIED_REDIRECT_MS = 2000;

export function AccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(routes.userDashboard, { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <SimplePage>
      <Card className="mx-auto max-w-xl">
        <CardContent className="flex items-start gap-3 pt-6">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <h1 role="alert" className="text-base font-medium">
            {ACCESS_DENIED_TEXT}
          </h1>
        </CardContent>
      </Card>
    </SimplePage>
  );
}

/**
 * The admin area's door (spec section 4): the server says who the user is. Signed out or a refused
 * session goes to sign-in; a non-admin is told and sent to their dashboard; an admin sees `children`.
 * The server still checks every admin call (403 for anyone else).
 */
export function AdminGate({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user, loading } = useRequiredSession();
  if (loading || !user) return <PageLoader label="Checking admin access..." />;
  if (!user.isAdmin) return <AccessDenied />;
  return children(user);
}
