import { useEffect, useState } from 'react';
import { LOADER_DEFAULT_MS } from '@bo/contract';
import { Spinner } from '../ui/spinner';

/** The page preloader of spec section 4: shown when the layout opens, hidden after a timer. */
export function Preloader({ durationMs = LOADER_DEFAULT_MS }: { durationMs?: number }) {
  const [isVisible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);
  if (!isVisible) return null;
  return (
    <div className="preloader" data-testid="preloader" aria-busy="true">
      <Spinner />
    </div>
  );
}
