import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isLifecycleState, toneOfStatus } from './status-tones';

/** A status's name as lists show it: a lifecycle state translated, anything else as it is. */
export const statusText = (t: TFunction, status: string) =>
  isLifecycleState(status) ? t(`list.status.${status}`) : status;

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
      {statusText(t, status)}
    </span>
  );
}
