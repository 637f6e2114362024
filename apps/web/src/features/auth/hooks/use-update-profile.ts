import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateProfile, type ProfileUpdate } from '../api/auth-api';
import { authKeys } from '../auth-query-keys';

/** PUT /api/auth/user, then the cached user is replaced and re-read. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(body),
    onSuccess: (user) => {
      if (user && typeof user === 'object') queryClient.setQueryData(authKeys.user(), user);
      return queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
  });
}
