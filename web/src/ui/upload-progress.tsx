import { ProgressBar } from './progress-bar';

/**
 * A file on its way: its name and the share sent, then `done` (what happens next: "Matching the
 * statement…") once it is all sent. A screen reader hears the end only, not every percent: the
 * bar carries its value for whoever reads it, and a quiet live region says the final state.
 */
export function UploadProgress({
  name,
  share,
  label,
  done,
  testId,
}: {
  name: string;
  /** The share sent so far, 0–1. */
  share: number;
  /** The bar's name ("Uploading statement.csv"). */
  label: string;
  /** Said once the file is all sent; "100%" without it. */
  done?: string;
  testId: string;
}) {
  const percent = Math.round(share * 100);
  const state = percent < 100 ? `${percent}%` : (done ?? '100%');
  return (
    <div className="mt-2" data-testid={testId}>
      <div className="small text-muted mb-1" aria-hidden="true">
        <bdi>{name}</bdi> · {state}
      </div>
      <ProgressBar share={share} label={label} />
      <div className="visually-hidden" aria-live="polite">
        {percent < 100 ? '' : `${name} · ${state}`}
      </div>
    </div>
  );
}
