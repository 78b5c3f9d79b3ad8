import { useCallback, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, type RouteId } from '@bo/contract';
import { ChunkErrorBoundary, ChunkLoadError } from '../ui/chunk-error-boundary';
import { PageSpinner } from '../ui/spinner';
import { SCREENS } from './screens';
import { useChunk } from '../lib/use-chunk';

/** The screens whose code has come, by route: shown at once on every later visit. */
const loadedScreens = new Map<RouteId, ComponentType>();

/**
 * Fetches a screen's code and keeps it; rejects with ChunkLoadError when the import fails or
 * outlasts the chunk timeout (spec 9).
 */
function loadWithTimeout(routeId: RouteId): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(new Error('timeout'))),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    SCREENS[routeId]
      .load()
      .then(
        (module) => {
          loadedScreens.set(routeId, module.default);
          resolve();
        },
        (error: unknown) => reject(new ChunkLoadError(error)),
      )
      .finally(() => clearTimeout(timer));
  });
}

/**
 * Fetches a screen's code ahead of its first render (main.tsx: the sign-in page's, beside the
 * language), so that it renders at once. A failed load is left to the screen's own retry.
 */
export function preloadScreen(routeId: RouteId): Promise<void> {
  return loadWithTimeout(routeId).catch(() => undefined);
}

/** A route's screen once its code has come (`useChunk`), the page spinner until then. */
function LoadedScreen({ routeId }: { routeId: RouteId }) {
  const load = useCallback(() => loadWithTimeout(routeId), [routeId]);
  const Screen = useChunk(loadedScreens.get(routeId), load);
  if (!Screen) return <PageSpinner />;
  // eslint-disable-next-line react-hooks/static-components -- one component per route, kept in loadedScreens
  return <Screen />;
}

/** Loads and shows the screen of a route, with spec section 8's chunk failure and retry. */
export function ScreenSlot({ routeId }: { routeId: RouteId }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ChunkErrorBoundary key={`${routeId}:${attempt}`} onRetry={() => setAttempt((n) => n + 1)}>
      <LoadedScreen routeId={routeId} />
    </ChunkErrorBoundary>
  );
}
