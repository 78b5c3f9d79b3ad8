import { createContext, useContext } from 'react';
import type { RouteId } from '@bo/contract';

/** The contract route the guard matched, with its path parameters. */
export interface CurrentRoute {
  readonly routeId: RouteId;
  readonly params: Readonly<Record<string, string>>;
}

export const CurrentRouteContext = createContext<CurrentRoute | null>(null);

export function useCurrentRoute(): CurrentRoute {
  const route = useContext(CurrentRouteContext);
  if (!route) throw new Error('useCurrentRoute outside the route gate');
  return route;
}
