import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pathOf, type ReportPeriod } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';
import type { ListPage } from '../../ui/list/use-list-page';
import { useLedgerContracts } from './ledger-pickers';

interface NetTotals {
  readonly currency: string;
  readonly net: string;
  readonly available_net: string;
  readonly payout_volume: string;
  readonly payout_fee: string;
}

/** The contract ledger of one contract over the report's days, in the report's zone. */
const ledgerUrl = (contractId: string, period: ReportPeriod) =>
  `${pathOf('contractAccLedger')}?${new URLSearchParams({
    cid: contractId,
    from: period.from_day,
    to: period.to_day,
    timeZone: period.time_zone,
  }).toString()}`;

/**
 * Under the daily transactions report: per currency, which balance each net belongs to — the
 * available balance's net (the contract ledger's movement, linked with the same contract, days
 * and zone) and the net over all balances, less the pay-outs and their fees, which draw on the
 * pay-out balance. A link needs one merchant: the user's own, or the one the filter names. The
 * lines fold behind a summary when more than two currencies show.
 */
export function NetLedgerLinks<Row>({ list }: { list: ListPage<Row> }) {
  const { t } = useTranslation();
  const choices = useLedgerContracts();
  const totals = (list.answer?.totals ?? []) as readonly NetTotals[];
  const period = list.answer?.period as ReportPeriod | undefined;
  const merchant = list.request.merchantDbCode as string | undefined;
  if (!period || totals.length === 0) return null;
  return (
    // Folded when there are many currencies: on a phone the lines would push the table away.
    <details className="small mb-3" open={totals.length <= 2} data-testid="net-ledger-details">
      <summary className="mb-1">{t('reportProfit.netSummary', { count: totals.length })}</summary>
      <ul className="list-unstyled mb-0" data-testid="net-ledger-links">
        {totals.map((row) => {
          const candidates = (choices ?? []).filter(
            (c) => c.currency === row.currency && (!merchant || c.merchant_db_code === merchant),
          );
          const contract = candidates.length === 1 ? candidates[0] : undefined;
          return (
            <li key={row.currency} className="mb-1" data-currency={row.currency}>
              {t('reportProfit.netOf', {
                available: moneyText(row.available_net, row.currency),
                payouts: moneyText(row.payout_volume, row.currency),
                fees: moneyText(row.payout_fee, row.currency),
                net: moneyText(row.net, row.currency),
              })}{' '}
              {contract ? (
                <Link to={ledgerUrl(contract.contract_id, period)} data-testid="net-ledger-link">
                  {t('reportProfit.openLedger', {
                    merchant: contract.merchant_db_code,
                    currency: row.currency,
                  })}
                </Link>
              ) : (
                choices && <span className="text-muted">{t('reportProfit.chooseMerchant')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
