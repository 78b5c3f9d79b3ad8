import { useTranslation } from 'react-i18next';
import { useAppSettings } from '../../lib/api/get-app-settings';

/** Whole minutes since `since`. */
export const minutesSince = (since: string, now = Date.now()) =>
  Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));

/** Whether a pay-in created at `since` is stuck: not final after the platform's stuck age. */
export function useIsStuck(): (since: string) => boolean {
  const { payin_stuck_minutes: stuckAfter } = useAppSettings();
  return (since) => minutesSince(since) >= stuckAfter;
}

/** How long a pay-in has waited; red and marked "stuck" past the platform's stuck age. */
export function StuckBadge({ since }: { since: string }) {
  const { t } = useTranslation();
  const isStuck = useIsStuck();
  const minutes = minutesSince(since);
  const stuck = isStuck(since);
  const waited =
    minutes < 60
      ? t('money.minutes', { count: minutes })
      : minutes < 2880
        ? t('money.hours', { count: Math.floor(minutes / 60) })
        : t('money.days', { count: Math.floor(minutes / 1440) });
  return (
    <span
      className={`badge ${stuck ? 'bg-danger' : 'bg-secondary-subtle text-secondary-emphasis'}`}
      data-testid={stuck ? 'stuck' : 'waiting'}
    >
      {stuck && <i className="bi bi-exclamation-triangle me-1" aria-hidden />}
      {stuck ? t('money.stuckFor', { waited }) : waited}
    </span>
  );
}
