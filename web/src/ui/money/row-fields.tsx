import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cellKindOf, type MoneyDetailKind, type TimezoneChoice } from '@bo/contract';
import { formatInTimeZone } from '../../lib/time-zone';
import { moneyText } from '../list/money-text';
import { StatusBadge } from '../list/status-badge';

/** "merchant_db_code" → "Merchant db code": the label of a field no translation names. */
const humanize = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replaceAll('_', ' ');

/** `reason_code` → `Reason`, `owner_type` → `OwnerType`: a field's name in a words key. */
const wordsNameOf = (field: string) =>
  field
    .replace(/_code$/, '')
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
const camelOf = (name: string) => {
  const pascal = wordsNameOf(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
};

/** Code fields of every kind, by the words that name their codes. */
const SHARED_CODE_WORDS: Readonly<Record<string, string>> = {
  balance: 'money.request.balance',
  owner_type: 'money.ownerType',
};

/**
 * The words keys that may name a field's code: the kind's own, `money.<kind><Field>.<code>`
 * (`money.disputeReason.fraudulent`, `money.adjustmentDirection.credit`: a dispute's and an
 * adjustment's reason codes differ, and a new kind brings its words under its own name), then
 * a code field every kind shares. A code no words name (a gateway's new one) shows as it came.
 */
const codeWordKeys = (kind: MoneyDetailKind, field: string, code: string) => [
  `money.${camelOf(kind)}${wordsNameOf(field)}.${code}`,
  ...(SHARED_CODE_WORDS[field] ? [`${SHARED_CODE_WORDS[field]}.${code}`] : []),
];

/**
 * Every field of a list row, labelled, each shown as its contract marks it (amount, instant,
 * text): the same figures as the list and the export.
 */
export function RowFields({
  kind,
  row,
  schema,
  timeZone,
}: {
  kind: MoneyDetailKind;
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
        const cell = cellKindOf(field as z.ZodType);
        const shown =
          key === 'status' ? (
            <StatusBadge status={String(value)} />
          ) : cell === 'amount' ? (
            <bdi>{moneyText(String(value), key.startsWith('usdt_amount') ? 'USDT' : currency)}</bdi>
          ) : cell === 'instant' ? (
            <bdi>{formatInTimeZone(new Date(String(value)), timeZone)}</bdi>
          ) : typeof value === 'boolean' ? (
            t(value ? 'money.yes' : 'money.no')
          ) : /^[a-z0-9_]+$/.test(String(value)) ? (
            t(codeWordKeys(kind, key, String(value)), { defaultValue: String(value) })
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
