import { QueryClient } from '@tanstack/react-query';

/**
 * Errors already reach the user as popups (spec section 8), so queries do not retry (a retry
 * would show the popup again) and do not refetch on focus behind the user's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
