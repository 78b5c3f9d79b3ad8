import { useTranslation } from 'react-i18next';
import type { MoneyDetail, TimezoneChoice } from '@bo/contract';
import { formatInTimeZone } from '../../../lib/time-zone';
import { moneyText } from '../../list/money-text';

type Entry = MoneyDetail['journal'][number];

const SPLIT_FIELDS = [
  'amount',
  'fee',
  'merchant_net',
  'reseller_commission',
  'platform_profit',
  'gateway_cost',
] as const;

/** How the contract split the amount: only the parts the viewer may see (the server decides). */
function FeeSplit({
  split,
  currency,
}: {
  split: NonNullable<Entry['fee_split']>;
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="row small mb-2" data-testid="fee-split">
      {SPLIT_FIELDS.filter((field) => split[field] !== null).map((field) => (
        <div key={field} className="col-6 col-md-4 d-flex justify-content-between">
          <dt className="fw-normal text-muted">{t(`money.detail.split.${field}`)}</dt>
          <dd className="mb-0 text-end" data-split={field}>
            <bdi>{moneyText(split[field], currency)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Each journal written for the item: its kind, the contract version that priced it, the fee
 * split and the balanced lines (debits and credits per ledger account, exact).
 */
export function DetailJournal({
  journal,
  timeZone,
}: {
  journal: MoneyDetail['journal'];
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  if (!journal.length) return <p className="text-muted small mb-0">{t('money.detail.none')}</p>;
  return (
    <div data-testid="detail-journal">
      {journal.map((entry) => {
        const currency = entry.lines[0]?.currency ?? '';
        return (
          <section key={entry.id} className="border rounded p-2 mb-2" data-kind={entry.kind}>
            <div className="d-flex flex-wrap justify-content-between small mb-1">
              <span className="fw-medium font-monospace">{entry.kind}</span>
              <bdi className="text-muted">
                {formatInTimeZone(new Date(entry.created_at), timeZone)}
              </bdi>
            </div>
            {entry.contract_version !== null && (
              <div className="small text-muted mb-1">
                {t('money.detail.contractVersion', { version: entry.contract_version })}
              </div>
            )}
            {entry.fee_split && <FeeSplit split={entry.fee_split} currency={currency} />}
            <table className="table table-sm small mb-0">
              <thead>
                <tr>
                  <th>{t('money.detail.line.account')}</th>
                  <th>{t('money.detail.line.purpose')}</th>
                  <th className="text-end">{t('money.detail.line.debit')}</th>
                  <th className="text-end">{t('money.detail.line.credit')}</th>
                </tr>
              </thead>
              <tbody>
                {entry.lines.map((line) => (
                  <tr key={line.ledger_account_id + line.purpose}>
                    <td>
                      <bdi>{line.owner}</bdi>
                    </td>
                    <td className="font-monospace">{line.purpose}</td>
                    <td className="text-end">
                      <bdi>{line.debit ? moneyText(line.debit, line.currency) : ''}</bdi>
                    </td>
                    <td className="text-end">
                      <bdi>{line.credit ? moneyText(line.credit, line.currency) : ''}</bdi>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {entry.hidden_lines > 0 && (
              <div className="small text-muted mt-1">
                {t('money.detail.hiddenLines', { count: entry.hidden_lines })}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}
