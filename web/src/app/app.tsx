import { RouterProvider } from 'react-router/dom';
import { chunkComponent } from '../lib/use-chunk';
import { createAppRouter } from './router';

const router = createAppRouter();

/** Loaded after the first paint: nothing is shown before someone's action succeeds. */
const SuccessToasts = chunkComponent(() =>
  import('../ui/success-toasts').then((m) => ({ default: m.SuccessToasts })),
);

/**
 * The router, and the success notes every screen shares. TanStack Query's provider wraps the
 * signed-in screens only (app-frame.tsx): no sign-in page reads through it.
 */
export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <SuccessToasts />
    </>
  );
}
