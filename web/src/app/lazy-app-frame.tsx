import { lazy, Suspense, useState, type LazyExoticComponent } from 'react';
import { loadSignedInEnglish } from '../i18n/screen-namespaces';
import { ChunkErrorBoundary, ChunkLoadError } from '../ui/chunk-error-boundary';
import { PageSpinner } from '../ui/spinner';
import type AppFrame from './app-frame';
import type { AppFrameProps } from './app-frame';

/** The frame's code with its English (which /login does not load). */
const loadAppFrame = () =>
  Promise.all([import('./app-frame'), loadSignedInEnglish()])
    .then(([frame]) => frame)
    .catch((error: unknown) => {
      throw new ChunkLoadError(error);
    });

/** One lazy frame per attempt: React keeps a rejected load, so a retry needs a fresh one. */
const attempts = new Map<number, LazyExoticComponent<typeof AppFrame>>();

function frameOf(attempt: number) {
  let frame = attempts.get(attempt);
  if (!frame) {
    frame = lazy(loadAppFrame);
    attempts.set(attempt, frame);
  }
  return frame;
}

/**
 * The signed-in frame (app-frame.tsx), loaded the first time a signed-in screen shows, with
 * spec section 8's chunk failure and retry. Its component stays the same from screen to screen,
 * so moving between screens keeps the layout mounted.
 */
export function LazyAppFrame({ routeId, bare = false, children }: AppFrameProps) {
  const [attempt, setAttempt] = useState(0);
  const Frame = frameOf(attempt);
  return (
    <ChunkErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageSpinner />}>
        {/* eslint-disable-next-line react-hooks/static-components -- made once per attempt, kept in attempts */}
        <Frame routeId={routeId} bare={bare}>
          {children}
        </Frame>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
