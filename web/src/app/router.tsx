import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { RouteGate } from './route-gate';

/**
 * One catch-all route: the contract's table (not React Router's matcher) decides which screen a
 * path shows, because spec paths such as `/merchants/from-reseller={id}` hold a parameter inside
 * a segment, which React Router patterns cannot express.
 */
export function createAppRouter() {
  const router = createBrowserRouter([{ path: '*', element: <RouteGate /> }]);
  registerNavigator((path) => void router.navigate(path, { replace: true }));
  return router;
}
