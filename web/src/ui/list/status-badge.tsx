import { useTranslation } from 'react-i18next';
import { isLifecycleState, toneOfStatus } from './status-tones';

/** A lifecycle state as a soft badge in its colour (STATUS_TONES) with its translated name. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = toneOfStatus(status);
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-status={status}
      data-testid="status-badge"
    >
      {isLifecycleState(status) ? t(`list.status.${status}`) : status}
    </span>
  );
}
