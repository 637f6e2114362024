import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLoader } from '../components/layout/page-loader';
import { exchangeGoogleCode, fetchCurrentUser } from '../features/auth/api/auth-api';
import { safeReturnPath } from '../features/auth/oauth-errors';
import { PRE_LOGIN_URL_KEY, clearToken, setToken } from '../lib/session-client';
import { routes } from '../app/routes';

export default function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; the code can be exchanged only once.
    if (handled.current) return;
    handled.current = true;

    const error = searchParams.get('error');
    // Only a one-time code is accepted, and only the browser that started the sign-in can exchange it.
    // A `?token=` parameter is ignored: a link must never sign anybody in (login CSRF).
    const code = searchParams.get('code');
    if (error) {
      navigate(`${routes.signIn}?error=oauth_failed`, { replace: true });
      return;
    }
    if (!code) {
      navigate(`${routes.signIn}?error=no_token`, { replace: true });
      return;
    }

    exchangeGoogleCode(code)
      .then(
        ({ token }) => {
          setToken(token);
          return fetchCurrentUser();
        },
        (err: unknown) => {
          // Somebody else's (or a used) code: whoever is signed in here stays signed in.
          console.warn('Could not complete Google sign-in', err);
          navigate(`${routes.signIn}?error=oauth_failed`, { replace: true });
          return null;
        },
      )
      .then((user) => {
        if (!user) return;
        const returnPath = safeReturnPath(localStorage.getItem(PRE_LOGIN_URL_KEY));
        localStorage.removeItem(PRE_LOGIN_URL_KEY);
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
