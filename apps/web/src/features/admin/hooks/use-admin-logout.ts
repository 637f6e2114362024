import { useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../app/routes';
import { clearToken } from '../../../lib/session-client';
import { endServerSession } from '../../auth/hooks/use-sign-out';

/** The panel's Logout (spec section 4): the session ends on the server when it can, the token and admin flag go, then /admin/login. */
export function useAdminLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endServerSession,
    onSettled: () => {
      clearToken();
      navigate(routes.adminLogin, { replace: true });
      queryClient.clear();
    },
  });
}
