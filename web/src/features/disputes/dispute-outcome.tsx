import { useTranslation } from 'react-i18next';
import { formatAmount, parseAmount, type DisputeRow } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';

/**
 * What the merchant still owes of a dispute's shortfall: all of it until the dispute is won,
 * then what the amount and the fee given back did not repay (the ledger's rule, ledger:check).
 */
function owedOf(row: DisputeRow): bigint {
  const minor = (text: string) => parseAmount(text, row.currency) ?? 0n;
  const shortfall = minor(row.shortfall);
  if (row.status !== 'won') return shortfall;
  const back = minor(row.amount) + minor(row.returned_fee);
  return shortfall > back ? shortfall - back : 0n;
}

/**
 * What the dispute did to the merchant's balance, in words: held while open, given back when
 * won (with the fee, if the gateway returned it), taken for good when lost; and, when the
 * available balance could not cover the hold, what the merchant owes (its balance below zero).
 */
export function DisputeOutcome({ row, held }: { row: DisputeRow; held: string }) {
  const { t } = useTranslation();
  const money = (amount: string) => moneyText(amount, row.currency);
  const text =
    row.status === 'won'
      ? t('disputes.outcome.won', {
          amount: money(row.amount),
          fee: money(row.returned_fee),
        })
      : row.status === 'lost'
        ? t('disputes.outcome.lost', { held: money(held) })
        : t('disputes.outcome.held', { held: money(held) });
  const tone =
    row.status === 'won'
      ? 'alert-success'
      : row.status === 'lost'
        ? 'alert-danger'
        : 'alert-warning';
  const owed = owedOf(row);
  return (
    <div className={`alert ${tone} py-2 small mb-2`} data-testid="dispute-outcome">
      <bdi>{text}</bdi>
      {owed > 0n && (
        <p className="mb-0 mt-1 fw-semibold" data-testid="dispute-shortfall">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden />
          <bdi>
            {t('disputes.outcome.shortfall', { owed: money(formatAmount(owed, row.currency)) })}
          </bdi>
        </p>
      )}
    </div>
  );
}
