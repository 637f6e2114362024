import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchAdminAnalytics,
  fetchAdminCosts,
  fetchAdminSubscriptions,
  fetchAdminUsers,
  fetchFixedCosts,
  fetchLtiPlatforms,
  fetchQuickAccess,
  fetchSecurityEvents,
  resolveSecurityEvent,
  saveFixedCosts,
  setUserSubscription,
  type AdminRange,
  type FixedCostsInput,
  type SecurityQuery,
  type SubscriptionChange,
  type UsersQuery,
} from '../api/admin-api';
import { adminKeys } from '../admin-query-keys';

export function useAdminAnalyticsQuery(range: AdminRange) {
  return useQuery({ queryKey: adminKeys.analytics(range), queryFn: () => fetchAdminAnalytics(range) });
}

export function useAdminCostsQuery(range: AdminRange) {
  return useQuery({ queryKey: adminKeys.costs(range), queryFn: () => fetchAdminCosts(range) });
}

export function useAdminSubscriptionsQuery(range: AdminRange) {
  return useQuery({ queryKey: adminKeys.subscriptions(range), queryFn: () => fetchAdminSubscriptions(range) });
}

/** A page of users; the previous page stays on screen while the next one loads. */
export function useAdminUsersQuery(q: UsersQuery, enabled = true) {
  return useQuery({ queryKey: adminKeys.users(q), queryFn: () => fetchAdminUsers(q), placeholderData: keepPreviousData, enabled });
}

export function useSecurityEventsQuery(q: SecurityQuery) {
  return useQuery({ queryKey: adminKeys.security(q), queryFn: () => fetchSecurityEvents(q), placeholderData: keepPreviousData });
}

/** Quick access is the panel's own figures: errors are shown with Retry, not retried behind the admin's back. */
export function useQuickAccessQuery() {
  return useQuery({ queryKey: adminKeys.quickAccess(), queryFn: fetchQuickAccess, retry: 0 });
}

export function useFixedCostsQuery() {
  return useQuery({ queryKey: adminKeys.fixedCosts(), queryFn: fetchFixedCosts });
}

export function useLtiPlatformsQuery() {
  return useQuery({ queryKey: adminKeys.ltiPlatforms(), queryFn: fetchLtiPlatforms });
}

/** Every admin figure read again (the Refresh buttons). */
export function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useResolveSecurityEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => resolveSecurityEvent(id, resolved),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.allSecurity() }),
  });
}

export function useSaveFixedCosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FixedCostsInput) => saveFixedCosts(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.fixedCosts(), saved);
      // Costs and margins include the fixed costs pro rata.
      void queryClient.invalidateQueries({ queryKey: adminKeys.allCosts() });
    },
  });
}

export function useSetUserSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: number; change: SubscriptionChange }) => setUserSubscription(userId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
