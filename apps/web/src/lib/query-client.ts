import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiRequest, type Unauthorized } from './session-client';

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** Data fetches build their URL from the query key parts joined with '/'. */
export function getQueryFn<T>({ on401 }: { on401: Unauthorized }): QueryFunction<T | null> {
  return ({ queryKey, signal }) =>
    apiRequest<T>('GET', queryKey.map(String).join('/'), undefined, { on401, signal });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: FIVE_MINUTES_MS,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
      mutations: { retry: 0 },
    },
  });
}
