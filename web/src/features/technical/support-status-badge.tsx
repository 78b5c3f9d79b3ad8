import { useTranslation } from 'react-i18next';
import type { SupportRequestStatus } from '@bo/contract';

/** One colour per support request state: waiting for support, answered, done. */
const TONES: Record<SupportRequestStatus, string> = {
  open: 'warning',
  answered: 'info',
  closed: 'success',
};

/** A support request's state as a soft badge with its translated name. */
export function SupportStatusBadge({ status }: { status: SupportRequestStatus }) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-status={status}
      data-testid="support-status"
    >
      {t(`technical.support.statuses.${status}`)}
    </span>
  );
}
