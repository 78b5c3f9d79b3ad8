import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { createAppRouter } from './router';

const router = createAppRouter();

/** Loaded after the first paint: nothing is shown before someone's action succeeds. */
const SuccessToasts = lazy(() =>
  import('../ui/success-toasts').then((m) => ({ default: m.SuccessToasts })),
);

/** The providers every screen runs inside, and the success notes every screen shares. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <SuccessToasts />
      </Suspense>
    </QueryClientProvider>
  );
}
