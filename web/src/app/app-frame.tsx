import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { RouteId } from '@bo/contract';
import { AppLayout } from '../layout/app-layout';
import { queryClient } from '../lib/query-client';

/**
 * What surrounds a signed-in screen: TanStack Query's client and the layout (side menu, top
 * bar). Loaded on the first signed-in screen (lazy-app-frame.tsx), so the sign-in pages carry
 * neither.
 */
export default function AppFrame({ routeId, children }: { routeId: RouteId; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout routeId={routeId}>{children}</AppLayout>
    </QueryClientProvider>
  );
}
