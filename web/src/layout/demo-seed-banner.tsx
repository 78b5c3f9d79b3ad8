import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appSettingsQuery } from '../lib/api/get-app-settings';

/** How often the app asks again while the demo world is being made. */
const SEED_POLL_MS = 5_000;

/**
 * While the demo world is still being made on a first start, every screen says so (with the
 * day reached), instead of showing balances beside all-zero figures. Once it is complete the
 * banner goes and every figure on screen is fetched again. (Days are at most a few hundred:
 * no count formatter, which would bring the decimal library into the sign-in page's bundle.)
 */
export function DemoSeedBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    ...appSettingsQuery(),
    refetchInterval: (query) => (query.state.data?.demo_seed ? SEED_POLL_MS : false),
  });
  const seed = data?.demo_seed ?? null;
  const wasSeeding = useRef(false);
  useEffect(() => {
    if (seed) wasSeeding.current = true;
    else if (wasSeeding.current) {
      wasSeeding.current = false;
      void queryClient.invalidateQueries();
    }
  }, [seed, queryClient]);
  if (!seed) return null;
  return (
    <div
      className="alert alert-info d-flex align-items-center gap-2 mb-3"
      role="status"
      data-testid="demo-seed-banner"
    >
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span>
        {seed.day !== null && seed.days !== null
          ? t('topbar.demoSeedingDay', { day: seed.day, days: seed.days })
          : t('topbar.demoSeeding')}
      </span>
    </div>
  );
}
