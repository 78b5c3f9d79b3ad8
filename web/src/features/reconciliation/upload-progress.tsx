import { useTranslation } from 'react-i18next';

/** A file on its way: the share sent, then "matching" while the server reads and matches it. */
export function UploadProgress({ name, share }: { name: string; share: number }) {
  const { t } = useTranslation();
  const percent = Math.round(share * 100);
  return (
    <div className="mt-3" data-testid="recon-upload-progress" aria-live="polite">
      <div className="small text-muted mb-1">
        <bdi>{name}</bdi> · {percent < 100 ? `${percent}%` : t('reconciliation.import.read')}
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-label={t('reconciliation.import.sending', { name })}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
