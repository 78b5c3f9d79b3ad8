import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { SuccessToasts } from '../ui/success-toasts';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The providers every screen runs inside, and the success notes every screen shares. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <SuccessToasts />
    </QueryClientProvider>
  );
}
