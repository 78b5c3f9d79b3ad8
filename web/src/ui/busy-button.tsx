import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  readonly isBusy: boolean;
  readonly busyLabel?: string;
  readonly children: ReactNode;
}

/** A button that shows a spinner and refuses clicks while its action runs. */
export function BusyButton({ isBusy, busyLabel, children, className, disabled, ...rest }: Props) {
  const isOnDark = /btn-(primary|danger|success|dark)\b/.test(className ?? '');
  return (
    <button className={`btn ${className ?? ''}`} disabled={isBusy || disabled} {...rest}>
      {isBusy ? (
        <>
          <Spinner size="sm" onDark={isOnDark} />
          {busyLabel && <span className="ms-2">{busyLabel}</span>}
        </>
      ) : (
        children
      )}
    </button>
  );
}
