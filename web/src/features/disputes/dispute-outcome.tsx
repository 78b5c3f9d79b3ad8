import { useTranslation } from 'react-i18next';
import { parseAmount, type DisputeRow } from '@bo/contract';
import { moneyText } from '../../ui/list/money-text';

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
  const owed = row.status !== 'won' && (parseAmount(row.shortfall, row.currency) ?? 0n) > 0n;
  return (
    <div className={`alert ${tone} py-2 small mb-2`} data-testid="dispute-outcome">
      <bdi>{text}</bdi>
      {owed && (
        <p className="mb-0 mt-1 fw-semibold" data-testid="dispute-shortfall">
          <i className="bi bi-exclamation-triangle me-1" aria-hidden />
          <bdi>{t('disputes.outcome.shortfall', { owed: money(row.shortfall) })}</bdi>
        </p>
      )}
    </div>
  );
}
