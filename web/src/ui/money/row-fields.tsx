import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cellKindOf, type TimezoneChoice } from '@bo/contract';
import { formatInTimeZone } from '../../lib/time-zone';
import { moneyText } from '../list/money-text';
import { StatusBadge } from '../list/status-badge';

/** "merchant_db_code" → "Merchant db code": the label of a field no translation names. */
const humanize = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');

/**
 * Fields whose value is a code named in the translations (`<prefix>.<code>`, the first prefix
 * that names it: a dispute's and an adjustment's reason codes differ); a code they do not name
 * (a gateway's new one) is shown as it came.
 */
const CODE_LABELS: Readonly<Record<string, readonly string[]>> = {
  reason_code: ['money.disputeReason', 'money.adjustmentReason'],
  direction: ['money.adjustmentDirection'],
  balance: ['money.request.balance'],
  owner_type: ['money.ownerType'],
};

/**
 * Every field of a list row, labelled, each shown as its contract marks it (amount, instant,
 * text): the same figures as the list and the export.
 */
export function RowFields({
  row,
  schema,
  timeZone,
}: {
  row: Readonly<Record<string, unknown>>;
  schema: z.ZodObject;
  timeZone: TimezoneChoice;
}) {
  const { t } = useTranslation();
  const currency = typeof row.currency === 'string' ? row.currency : undefined;
  return (
    <dl className="row small mb-0" data-testid="row-fields">
      {Object.entries(schema.shape).map(([key, field]) => {
        const value = row[key];
        if (value === null || value === undefined || value === '') return null;
        const kind = cellKindOf(field as z.ZodType);
        const shown =
          key === 'status' ? (
            <StatusBadge status={String(value)} />
          ) : kind === 'amount' ? (
            <bdi>{moneyText(String(value), key.startsWith('usdt_amount') ? 'USDT' : currency)}</bdi>
          ) : kind === 'instant' ? (
            <bdi>{formatInTimeZone(new Date(String(value)), timeZone)}</bdi>
          ) : typeof value === 'boolean' ? (
            t(value ? 'money.yes' : 'money.no')
          ) : CODE_LABELS[key] && /^[a-z0-9_]+$/.test(String(value)) ? (
            t(
              CODE_LABELS[key].map((prefix) => `${prefix}.${String(value)}`),
              { defaultValue: String(value) },
            )
          ) : (
            <bdi className="text-break">{String(value)}</bdi>
          );
        return (
          <div key={key} className="col-12 d-flex border-bottom py-1" data-field={key}>
            <dt className="col-5 fw-normal text-muted">
              {t(`money.field.${key}`, { defaultValue: humanize(key) })}
            </dt>
            <dd className="col-7 mb-0">{shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}
