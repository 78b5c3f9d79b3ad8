import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { decideAccess, pathOf, ruleOfRoute, type RouteId } from '@bo/contract';
import { useSessionUser, viewerOf } from '../lib/session';

/** A screen to link to, with its path parameters when it has any. */
export type RelatedScreen =
  RouteId | { readonly id: RouteId; readonly params: Record<string, string> };

/**
 * The screens linked beside each screen (under its title, `RouteTitle`): the ways in to the
 * routes without a menu entry, where their users look (docs/accessibility.md, "Ways in").
 * Each link shows only to those who may open it.
 */
export const RELATED_SCREENS: Partial<Record<RouteId, readonly RelatedScreen[]>> = {
  balanceReports: ['pgCurrencyBalance', 'resellerBalanceSettlement'],
  allCurrencyBalance: ['pgCurrencyBalance'],
  earningsReport: ['dailyEarningReport', 'resellerEarningStatement'],
  profitReport: ['dailyEarningReport', 'resellerEarningStatement', 'reportSetting'],
  dailyTransactionsReport: ['dailyEarningReport', 'reportSetting'],
  contractAccLedger: ['resellerContractAccLedger'],
  merchantBalanceSettlement: ['resellerBalanceSettlement'],
  usdtWalletBalanceSettlement: ['resellerBalanceSettlement'],
  withdrawals: ['withdrawalHistory'],
  withdrawalsPending: ['withdrawalHistory'],
  apiDocumentation: ['technicalInformation'],
  technicalSupport: ['technicalInformation'],
};

/**
 * "See also": links to the screens that belong beside this one, those the user may open. The
 * screens without a menu entry of their own (docs/accessibility.md, "Ways in") are found here;
 * each link reads the screen's own title.
 */
export function RelatedScreens({ screens }: { screens: readonly RelatedScreen[] }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const shown = screens
    .map((s) => (typeof s === 'string' ? { id: s, params: {} } : s))
    .filter((s) => decideAccess(ruleOfRoute(s.id), viewer) === 'allowed');
  if (!shown.length) return null;
  return (
    <nav
      className="related-screens small mb-3 report-no-print"
      aria-label={t('page.relatedScreens')}
      data-testid="related-screens"
    >
      <span className="text-muted me-2">{t('page.relatedScreens')}:</span>
      {shown.map((s) => (
        <Link
          key={s.id}
          to={pathOf(s.id, s.params)}
          className="me-3 d-inline-block"
          data-testid={`related-${s.id}`}
        >
          <i className="bi bi-box-arrow-up-right me-1" aria-hidden />
          {t(`routes.${s.id}`)}
        </Link>
      ))}
    </nav>
  );
}
