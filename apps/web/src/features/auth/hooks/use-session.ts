import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, validateToken } from '../api/auth-api';
import { authKeys } from '../auth-query-keys';
import { clearToken, getToken, isSessionRejection } from '../../../lib/session-client';
import { routes } from '../../../app/routes';

/** A refused session is final; a service that did not answer is asked again (3 more times, 1-4 s apart). */
const retryUnlessRefused = (failures: number, error: unknown) => !isSessionRejection(error) && failures < 3;

/**
 * The dashboard auth check (spec section 4): the stored token must validate, otherwise it is
 * cleared and the visitor goes to sign-in. Resolves the current user once it does. A slow or
 * briefly unavailable auth service is retried first, so a blip does not sign the teacher out.
 */
export function useRequiredSession() {
  const navigate = useNavigate();
  const token = getToken();

  const validation = useQuery({
    queryKey: authKeys.validate(),
    queryFn: validateToken,
    enabled: token !== null,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
  const valid = validation.data?.valid === true;

  const user = useQuery({
    queryKey: authKeys.user(),
    queryFn: fetchCurrentUser,
    enabled: valid,
    retry: retryUnlessRefused,
  });

  const rejected = token === null || validation.isError || (validation.isSuccess && !valid) || user.isError;

  useEffect(() => {
    if (!rejected) return;
    clearToken();
    navigate(routes.signIn, { replace: true });
  }, [rejected, navigate]);

  return { user: user.data, loading: !rejected && !user.data };
}
