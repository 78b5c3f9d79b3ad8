import type { ReactNode } from 'react';
import { Spinner } from '../../ui/spinner';

/** What an action route shows for the moment it takes to act. */
export function ActionScreen({ children }: { children: ReactNode }) {
  return (
    <div className="guest-frame">
      <div className="text-center">{children}</div>
    </div>
  );
}

export function ActionSpinner({ text }: { text: string }) {
  return (
    <ActionScreen>
      <Spinner />
      <p className="text-muted mt-3 mb-0">{text}</p>
    </ActionScreen>
  );
}
