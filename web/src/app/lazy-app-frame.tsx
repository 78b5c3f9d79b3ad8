import { useState } from 'react';
import { loadSignedInEnglish } from '../i18n/screen-namespaces';
import { ChunkErrorBoundary, ChunkLoadError } from '../ui/chunk-error-boundary';
import { PageSpinner } from '../ui/spinner';
import type { AppFrameProps } from './app-frame';
import { chunkComponent } from '../lib/use-chunk';

/**
 * The frame once its code and its English (which /login does not load) have come
 * (`chunkComponent`), the page spinner until then.
 */
const LoadedFrame = chunkComponent(
  () =>
    Promise.all([import('./app-frame'), loadSignedInEnglish()]).then(
      ([frame]) => frame,
      (error: unknown) => {
        throw new ChunkLoadError(error);
      },
    ),
  () => <PageSpinner />,
);

/**
 * The signed-in frame (app-frame.tsx), loaded the first time a signed-in screen shows, with
 * spec section 8's chunk failure and retry. Its component stays the same from screen to screen,
 * so moving between screens keeps the layout mounted.
 */
export function LazyAppFrame({ routeId, bare = false, children }: AppFrameProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <ChunkErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <LoadedFrame routeId={routeId} bare={bare}>
        {children}
      </LoadedFrame>
    </ChunkErrorBoundary>
  );
}
