import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../components/layout/page-loader';
import { fetchCurrentUser } from '../features/auth/api/auth-api';
import { safeReturnPath } from '../features/auth/oauth-errors';
import { PRE_LOGIN_URL_KEY, clearToken, setToken } from '../lib/session-client';
import { routes } from '../app/routes';

export default function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the token must be consumed once.
    if (handled.current) return;
    handled.current = true;

    const error = searchParams.get('error');
    const token = searchParams.get('token');
    if (error) {
      navigate(`${routes.signIn}?error=oauth_failed`, { replace: true });
      return;
    }
    if (!token) {
      navigate(`${routes.signIn}?error=no_token`, { replace: true });
      return;
    }
    setToken(token);
    const returnPath = safeReturnPath(localStorage.getItem(PRE_LOGIN_URL_KEY));
    localStorage.removeItem(PRE_LOGIN_URL_KEY);

    fetchCurrentUser()
      .then((user) => {
        const home = user.isAdmin ? routes.dashboard : routes.userDashboard;
        navigate(returnPath && returnPath !== routes.home ? returnPath : home, { replace: true });
      })
      .catch((err: unknown) => {
        console.warn('Could not load the signed-in user', err);
        clearToken();
        navigate(`${routes.signIn}?error=oauth_failed`, { replace: true });
      });
  }, [navigate, searchParams]);

  return (
    <main className="flex min-h-screen items-center justify-center">
      <PageLoader label="Completing sign in..." />
    </main>
  );
}
