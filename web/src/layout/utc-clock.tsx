import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UTC_CLOCK_REFRESH_MS } from '@bo/contract';

/** `2026-05-01 13:04:05` in UTC. */
function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The top bar's live UTC clock (spec section 1), refreshed every second. */
export function UtcClock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), UTC_CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="topbar-clock d-none d-md-flex" title={t('topbar.utcClock')}>
      <i className="bi bi-clock me-2" aria-hidden />
      <span data-testid="utc-clock" className="font-monospace">
        {formatUtc(now)}
      </span>
      <span className="badge bg-primary-subtle text-primary ms-2">UTC</span>
    </div>
  );
}
