import { useState } from 'react';
import { loadSignedInEnglish } from '../i18n/screen-namespaces';
import { ChunkErrorBoundary, ChunkLoadError } from '../ui/chunk-error-boundary';
import { PageSpinner } from '../ui/spinner';
import type AppFrame from './app-frame';
import type { AppFrameProps } from './app-frame';
import { useChunk } from '../lib/use-chunk';

/** The frame's component once its code (and its English) has come. */
let loadedFrame: typeof AppFrame | undefined;

/** Fetches the frame's code with its English (which /login does not load), and keeps it. */
const loadAppFrame = () =>
  Promise.all([import('./app-frame'), loadSignedInEnglish()]).then(
    ([frame]) => {
      loadedFrame = frame.default;
    },
    (error: unknown) => {
      throw new ChunkLoadError(error);
    },
  );

/** The frame once its code has come (`useChunk`), the page spinner until then. */
function LoadedFrame({ routeId, bare, children }: AppFrameProps) {
  const Frame = useChunk(loadedFrame, loadAppFrame);
  if (!Frame) return <PageSpinner />;
  return (
    // eslint-disable-next-line react-hooks/static-components -- one component, kept in loadedFrame
    <Frame routeId={routeId} bare={bare}>
      {children}
    </Frame>
  );
}

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
