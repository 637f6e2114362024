import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logout } from '../api/auth-api';
import { clearToken } from '../../../lib/session-client';

export const SIGN_OUT_REDIRECT_DELAY_MS = 100;

/** Ends the session on the server when it can: the session ends locally whatever the server says. */
export async function endServerSession(): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.warn('Logout request failed', error);
  }
}

/** Logs out on the server, forgets the token, then replaces the location (spec: about 100 ms later). */
export function useSignOut(destination = '/') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endServerSession,
    onSettled: () => {
      clearToken();
      queryClient.clear();
      setTimeout(() => window.location.replace(destination), SIGN_OUT_REDIRECT_DELAY_MS);
    },
  });
}
