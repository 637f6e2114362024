import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { validateToken } from '../../auth/api/auth-api';
import { clearToken, getToken, isSessionRejection } from '../../../lib/session-client';
import { routes } from '../../../app/routes';

/**
 * Landing auth check (spec section 4): a visitor whose stored token validates goes to the
 * dashboard; an invalid token makes them signed out, with a console note only.
 */
export function useLandingAuth(): { signedIn: boolean } {
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(() => getToken() !== null);

  useEffect(() => {
    if (getToken() === null) return;
    let cancelled = false;
    validateToken()
      .then((result) => {
        if (cancelled) return;
        if (result.valid) {
          navigate(routes.userDashboard, { replace: true });
          return;
        }
        console.info('Stored session is not valid; showing the signed-out landing page.');
        clearToken();
        setSignedIn(false);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Only a refused session signs the browser out; a service that did not answer keeps it.
        if (isSessionRejection(error)) clearToken();
        else console.info('Could not check the stored session now; it is kept.', error);
        setSignedIn(false);
      });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return { signedIn };
}
