import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../app/routes';
import { clearToken } from '../../../lib/session-client';
import { logout } from '../../auth/api/auth-api';

/** The panel's Logout (spec section 4): the session ends on the server when it can, the token and admin flag go, then /admin/login. */
export function useAdminLogout() {
  const navigate = useNavigate();
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
      navigate(routes.adminLogin, { replace: true });
      queryClient.clear();
    },
  });
}
