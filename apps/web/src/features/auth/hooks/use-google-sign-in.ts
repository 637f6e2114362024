import { useState } from 'react';
import { authEndpoints, fetchGoogleStatus } from '../api/auth-api';
import { PRE_LOGIN_URL_KEY } from '../../../lib/session-client';
import { toast } from '../../../components/ui/use-toast';

/** Starts the Google flow, or explains why it can't when the server has no Google client configured. */
export function useGoogleSignIn() {
  const [pending, setPending] = useState(false);

  async function start() {
    setPending(true);
    try {
      const status = await fetchGoogleStatus();
      if (!status.configured) {
        toast({
          title: 'Google sign-in is not set up on this server',
          description: 'Please use your e-mail and password instead.',
        });
        setPending(false);
        return;
      }
    } catch {
      toast({
        variant: 'destructive',
        title: 'Google sign-in is unavailable',
        description: 'The server could not be reached. Please try again.',
      });
      setPending(false);
      return;
    }
    localStorage.setItem(PRE_LOGIN_URL_KEY, window.location.pathname + window.location.search);
    window.location.assign(authEndpoints.google);
  }

  return { start, pending };
}
