import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
// The icon font's classes, for every screen but the sign-in pages (they draw their few icons
// inline: ui/svg-icon.tsx), so /login fetches neither the stylesheet nor the 134 KB font.
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import type { RouteId } from '@bo/contract';
import { AppLayout } from '../layout/app-layout';
import { queryClient } from '../lib/query-client';
import { KindDetailActionsProvider } from '../ui/money/detail/kind-detail-actions';
import { KIND_DETAIL_ACTIONS } from './screens';

/**
 * What surrounds a screen outside the sign-in card: TanStack Query's client, and for a signed-in
 * screen the layout (side menu, top bar); an action route (`bare`: /logout, /skype, /error…)
 * gets the client only. Loaded on the first such screen (lazy-app-frame.tsx), so the sign-in
 * pages carry neither, nor the icon font.
 */
export interface AppFrameProps {
  readonly routeId: RouteId;
  /** An action route: the query client only, no layout. */
  readonly bare?: boolean;
  readonly children: ReactNode;
}

export default function AppFrame({ routeId, bare = false, children }: AppFrameProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <KindDetailActionsProvider value={KIND_DETAIL_ACTIONS}>
        {bare ? children : <AppLayout routeId={routeId}>{children}</AppLayout>}
      </KindDetailActionsProvider>
    </QueryClientProvider>
  );
}
