import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type BalanceAtRow } from '@bo/contract';
import { localInputOf } from '../../lib/local-instant';
import { FiguresTable } from '../../ui/figures-table';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { useSubmit } from '../../ui/use-submit';
import { StatementCurrencyField } from './statement-currency-field';
import { fetchBalancesAt } from './api/get-balances-at';

/**
 * An owner's balances as they were at a past instant (issue 44; docs/money.md, "Balances at a
 * past instant"): an instant on the browser's clock and a currency, then each of its ledger
 * accounts' balance then, the sum of the journal's entries before it (what a ledger report
 * ending at that instant shows as its closing).
 */
export function BalanceAtDialog({
  currencies,
  ownerId,
  onClose,
}: {
  currencies: readonly string[];
  /** An admin's or reseller's choice of merchant or reseller; none: the caller's own. */
  ownerId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => localInputOf(new Date().toISOString()));
  const [at, setAt] = useState(now);
  const [currency, setCurrency] = useState(currencies[0] ?? '');
  const [answer, setAnswer] = useState<{ at: string; rows: BalanceAtRow[] } | null>(null);
  const submitting = useSubmit();

  const show = async () => {
    const found = await submitting.run(() =>
      fetchBalancesAt({
        // An empty or half-typed field goes as it is: the server names what is wrong with it.
        at: Number.isNaN(Date.parse(at)) ? at : new Date(at).toISOString(),
        currency,
        ...(ownerId && { ownerId }),
      }),
    );
    if (found) setAnswer(found);
  };

  return (
    <FormDialog
      title={t('reportLedgers.balanceAt.title')}
      testId="balance-at"
      submitLabel={t('reportLedgers.balanceAt.show')}
      submitTestId="balance-at-show"
      onSubmit={show}
      onClose={onClose}
      isBusy={submitting.isBusy}
      error={submitting.error}
      errorTestId="balance-at-error"
    >
      <p className="small text-muted">{t('reportLedgers.balanceAt.intro')}</p>
      <StatementCurrencyField
        currencies={currencies}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
        testId="balance-at-currency"
      />
      <FormField
        label={t('reportLedgers.balanceAt.instant')}
        name="at"
        type="datetime-local"
        required
        max={now}
        value={at}
        onChange={(e) => setAt(e.target.value)}
        data-testid="balance-at-instant"
      />
      {answer && (
        <div data-testid="balance-at-result" aria-live="polite">
          <FiguresTable
            caption={t('reportLedgers.balanceAt.caption', {
              at: localInputOf(answer.at).replace('T', ' '),
            })}
            rowHeader={t('reportLedgers.balanceAt.account')}
            columns={[t('reportLedgers.balanceAt.balance')]}
          >
            {answer.rows.map((r) => (
              <tr key={`${r.currency}-${r.purpose}`} data-testid={`balance-at-${r.purpose}`}>
                <th scope="row" className="fw-medium">
                  {t(`reportLedgers.purposes.${r.purpose}`, { defaultValue: r.purpose })}
                </th>
                <td className="text-end text-nowrap" data-testid="balance-at-amount">
                  <bdi>{`${formatMoney(r.balance, r.currency)} ${r.currency}`}</bdi>
                </td>
              </tr>
            ))}
          </FiguresTable>
        </div>
      )}
    </FormDialog>
  );
}
