import { useTranslation } from 'react-i18next';
import { DISPUTE_DUE_SOON_HOURS } from '@bo/contract';
import { durationText } from '../../lib/duration-text';
import { useNow } from '../../ui/use-now';

/** Within this much of its deadline a dispute's countdown reads as urgent (as the dashboard counts it). */
const URGENT_MS = DISPUTE_DUE_SOON_HOURS * 3_600_000;

/**
 * The time left to answer a dispute, in words and not by colour alone: "3 days left", urgent
 * ones marked, a passed deadline said as such (the sweep loses it on its next round).
 */
export function DeadlineLeft({ respondBy }: { respondBy: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const left = Date.parse(respondBy) - now;
  if (left <= 0)
    return (
      <span className="badge text-bg-danger" data-testid="deadline-left">
        {t('disputes.deadlinePassed')}
      </span>
    );
  const text = t('disputes.timeLeft', { duration: durationText(t, left / 1000) });
  return left < URGENT_MS ? (
    <span className="badge text-bg-warning" data-testid="deadline-left">
      <i className="bi bi-alarm me-1" aria-hidden />
      {text}
    </span>
  ) : (
    <span data-testid="deadline-left">{text}</span>
  );
}
