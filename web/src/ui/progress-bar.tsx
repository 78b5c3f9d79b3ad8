/**
 * A bar of work done (an upload's share sent, a backtest's chunks run): a `progressbar` with its
 * value in whole percent and an accessible name, for whoever reads it; the text around it is the
 * screen's to say.
 */
export function ProgressBar({
  share,
  label,
  className,
  testId,
}: {
  /** The share done so far, 0–1 (clamped). */
  share: number;
  /** The bar's name ("Uploading statement.csv", "Backtest progress"). */
  label: string;
  className?: string;
  testId?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div
      className={className ? `progress ${className}` : 'progress'}
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid={testId}
    >
      <div className="progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
