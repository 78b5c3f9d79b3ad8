import type { TFunction } from 'i18next';
import type { AccountType } from '@bo/contract';
import { column, dateColumn, moneyColumn, statusColumn, type ListColumn } from '../list/columns';
import { NameText } from '../name-text';

/**
 * The columns the money lists share, each named by the server's field so that a sortable one
 * sorts on the server. A list screen picks the ones its rows have, in its order.
 */
interface MoneyRow {
  readonly id: string;
  readonly currency: string;
  readonly status: string;
  readonly created_at: string;
}

type Field<Row> = Extract<keyof Row, string>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Our id: a button that opens the row's detail. */
export function idColumn<Row extends MoneyRow>(
  t: TFunction,
  onOpen: (row: Row) => void,
): ListColumn<Row> {
  return column<Row>(
    'id',
    t('list.column.id'),
    (row) => (
      <button
        type="button"
        className="btn btn-link btn-sm p-0 font-monospace text-nowrap"
        onClick={() => onOpen(row)}
        title={row.id}
        data-testid="open-detail"
      >
        <bdi>{row.id.slice(0, 8)}</bdi>
      </button>
    ),
    { label: t('list.column.id') },
  );
}

/** Plain text of one field, kept left-to-right (ids, codes, account numbers). */
export function textColumn<Row>(
  field: Field<Row>,
  header: string,
  meta: { cellClassName?: string } = {},
): ListColumn<Row> {
  return column<Row>(field, header, (row) => <bdi>{text(row[field])}</bdi>, meta);
}

/** An account's name with its code beneath (merchant or reseller). */
export function accountColumn<Row>(
  id: string,
  header: string,
  name: (row: Row) => string,
  code: (row: Row) => string,
  hiddenFor: readonly AccountType[] = [],
): ListColumn<Row> {
  return column<Row>(
    id,
    header,
    (row) => (
      <>
        <div>{name(row)}</div>
        <div className="small text-muted">
          <bdi>{code(row)}</bdi>
        </div>
      </>
    ),
    { hiddenFor },
  );
}

/** Who only ever sees their own merchant, or their own reseller, in a row (issue 40). */
const SEES_OWN_MERCHANT: readonly AccountType[] = ['merchant'];
const SEES_OWN_RESELLER: readonly AccountType[] = ['merchant', 'reseller'];

/** The merchant of a money row: its name over its code. */
export const merchantColumn = <Row extends { merchant_name: string; merchant_db_code: string }>(
  t: TFunction,
) =>
  accountColumn<Row>(
    'merchant_name',
    t('list.column.merchant'),
    (row) => row.merchant_name,
    (row) => row.merchant_db_code,
    SEES_OWN_MERCHANT,
  );

/** The reseller of a money row (none for a merchant without one): its name over its code. */
export const resellerColumn = <
  Row extends { reseller_name?: string | null; reseller_db_code?: string | null },
>(
  t: TFunction,
) =>
  accountColumn<Row>(
    'reseller_name',
    t('list.column.reseller'),
    (row) => row.reseller_name ?? '',
    (row) => row.reseller_db_code ?? '',
    SEES_OWN_RESELLER,
  );

/** An amount field of the row in the row's currency. */
export function amountColumn<Row extends MoneyRow>(field: Field<Row>, header: string) {
  return moneyColumn<Row>(
    field,
    header,
    (row) => text(row[field]) || null,
    (row) => row.currency,
  );
}

export const statusOf = <Row extends MoneyRow>(t: TFunction) =>
  statusColumn<Row>('status', t('list.column.status'), (row) => row.status);

export const createdOf = <Row extends MoneyRow>(t: TFunction) =>
  dateColumn<Row>('created_at', t('list.column.createdAt'), (row) => row.created_at);

/** A date-time field of the row (completed, decided…), empty while not reached. */
export function instantColumn<Row>(field: Field<Row>, header: string): ListColumn<Row> {
  return dateColumn<Row>(field, header, (row) => text(row[field]) || null);
}

/** The beneficiary's bank account: bank, holder and number. */
export function bankAccountColumn<
  Row extends {
    readonly bank_name: string;
    readonly account_holder: string;
    readonly account_number: string;
  },
>(t: TFunction): ListColumn<Row> {
  return column<Row>('bank_name', t('list.column.bankAccount'), (row) => (
    <>
      <NameText className="d-block">{row.bank_name}</NameText>
      <div className="small text-muted">
        {row.account_holder} · <bdi>{row.account_number}</bdi>
      </div>
    </>
  ));
}

/** Rows a maker-checker decision counts approvals on. */
interface ApprovedRow extends MoneyRow {
  readonly approvals: number;
  readonly approvals_required: number;
}

/**
 * The approvals an item has and needs ("1 of 2"), while it waits for them; empty once decided.
 * `waiting` says which statuses wait for an approval.
 */
export function approvalsColumn<Row extends ApprovedRow>(
  t: TFunction,
  waiting: (row: Row) => boolean,
): ListColumn<Row> {
  return column<Row>(
    'approvals',
    t('money.approvals'),
    (row) =>
      waiting(row) && (
        <span
          className={`badge ${row.approvals > 0 ? 'bg-warning-subtle text-warning-emphasis' : 'bg-secondary-subtle text-secondary-emphasis'}`}
          data-testid="approvals"
        >
          {t('money.approvalsOf', { count: row.approvals, required: row.approvals_required })}
        </span>
      ),
    { label: t('money.approvals') },
  );
}
