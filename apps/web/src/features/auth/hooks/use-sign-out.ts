import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '../api/auth-api';
import { clearToken } from '../../../lib/session-client';

export const SIGN_OUT_REDIRECT_DELAY_MS = 100;

/** Logs out on the server, forgets the token, then replaces the location (spec: about 100 ms later). */
export function useSignOut(destination = '/') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // The session ends locally whatever the server says.
        console.warn('Logout request failed', error);
      }
    },
    onSettled: () => {
      clearToken();
      queryClient.clear();
      setTimeout(() => window.location.replace(destination), SIGN_OUT_REDIRECT_DELAY_MS);
    },
  });
}
