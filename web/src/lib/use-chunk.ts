import {
  createElement,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';

/**
 * A chunk of code a component needs (a screen, the signed-in frame), loaded without Suspense.
 * React holds a Suspense boundary's content back until 300 ms after its fallback showed
 * (react-dom's FALLBACK_THROTTLE_MS), so a screen whose code came in 20 ms showed 300 ms late,
 * on every first visit of a screen. Here the caller shows its own spinner while the code loads
 * and the screen the moment it has come (docs/architecture.md, "Loading a screen's code").
 *
 * `loaded` is what the chunk gives (a component) once it has come (the caller keeps it); `load`
 * fetches and keeps it (a stable function), and the component renders again once it is kept. A load
 * that failed is thrown on the next render, to the error boundary around the component
 * (ChunkErrorBoundary), whose retry mounts it again, and so loads again.
 */
export function useChunk<T>(loaded: T | undefined, load: () => Promise<unknown>): T | undefined {
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [, setArrivals] = useState(0);
  useEffect(() => {
    if (loaded !== undefined) return;
    let live = true;
    load().then(
      () => live && setArrivals((n) => n + 1),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [loaded, load]);
  if (failure) throw failure.error;
  return loaded;
}

/**
 * A component whose code loads on its first render, as React's `lazy` makes one, but without
 * Suspense (`useChunk`): `placeholder` shows until the code has come, and the component the
 * moment it has. A failed load goes to the nearest error boundary, as with `lazy`; mounted
 * again, it loads again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React's own `lazy` takes
export function chunkComponent<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  placeholder: (props: ComponentProps<T>) => ReactNode = () => null,
): (props: ComponentProps<T>) => ReactNode {
  let loaded: T | undefined;
  const fetch = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return function ChunkComponent(props: ComponentProps<T>) {
    const Component = useChunk(loaded, fetch) as ComponentType<ComponentProps<T>> | undefined;
    return Component ? createElement(Component, props) : placeholder(props);
  };
}
