import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, type RouteId } from '@bo/contract';
import { ChunkErrorBoundary, ChunkLoadError } from '../ui/chunk-error-boundary';
import { PageSpinner } from '../ui/spinner';
import { SCREENS } from './screens';

type ScreenModule = { default: ComponentType };

/**
 * The screens whose code has arrived: rendered at once rather than through `lazy`, which
 * suspends on its first render even when the code is there, so the sign-in card would paint a
 * spinner first and then the form, and move (Lighthouse counts that as a layout shift).
 */
const loadedScreens = new Map<RouteId, ComponentType>();

/** Rejects with ChunkLoadError when the import fails or outlasts the chunk timeout (spec 9). */
function loadWithTimeout(routeId: RouteId): Promise<ScreenModule> {
  return new Promise<ScreenModule>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(new Error('timeout'))),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    SCREENS[routeId]
      .load()
      .then(
        (module) => {
          loadedScreens.set(routeId, module.default);
          resolve(module);
        },
        (error: unknown) => reject(new ChunkLoadError(error)),
      )
      .finally(() => clearTimeout(timer));
  });
}

/**
 * One component per route and attempt, chosen once and kept: the screen itself when its code
 * had arrived before its first render (`loadedScreens`), a lazy one otherwise. A stable
 * component keeps its state across renders (switching from the lazy one to the screen itself
 * later would mount the screen again), and a retry needs a fresh one because React keeps a
 * rejected load.
 */
const screens = new Map<string, ComponentType | LazyExoticComponent<ComponentType>>();

function screenOf(routeId: RouteId, attempt: number) {
  const key = `${routeId}:${attempt}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = loadedScreens.get(routeId) ?? lazy(() => loadWithTimeout(routeId));
    screens.set(key, screen);
  }
  return screen;
}

/**
 * Fetches a screen's code ahead of its first render (main.tsx: the sign-in page's, beside the
 * language), so that it renders at once. A failed load is left to the screen's own retry.
 */
export function preloadScreen(routeId: RouteId): Promise<void> {
  return loadWithTimeout(routeId).then(
    () => undefined,
    () => undefined,
  );
}

/** Loads and shows the screen of a route, with spec section 8's chunk failure and retry. */
export function ScreenSlot({ routeId }: { routeId: RouteId }) {
  const [attempt, setAttempt] = useState(0);
  const Screen = screenOf(routeId, attempt);
  return (
    <ChunkErrorBoundary key={`${routeId}:${attempt}`} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        {/* eslint-disable-next-line react-hooks/static-components -- made once per route and attempt, kept in screens */}
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
