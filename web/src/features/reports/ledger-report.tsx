import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ENTRY_PURPOSES,
  formatMoney,
  JOURNAL_KINDS,
  type CallDef,
  type LedgerEntryRow,
} from '@bo/contract';
import { column, dateColumn, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { PrintButton } from '../../ui/report/print-button';
import { ReportSummary } from '../../ui/report/report-summary';
import type { en } from '../../i18n/locales/en';
import { CurrencyCode } from '../../ui/currency-code';

/** The totals of a ledger: one row with the period's figures. */
interface LedgerTotals {
  readonly currency: string;
  readonly opening: string;
  readonly credits: string;
  readonly debits: string;
  readonly closing: string;
  /** The owner's reserved account beside this one and the total (null: the ledger has none). */
  readonly reserved: string | null;
  readonly total: string | null;
  readonly entries: number;
}

interface LedgerHeader {
  readonly purpose: string;
  readonly owner_db_code: string;
  readonly owner_name: string;
  readonly currency: string;
}

type ColumnKey =
  | 'postedAt'
  | 'kind'
  | 'reference'
  | 'owner'
  | 'debit'
  | 'credit'
  | 'balance'
  | 'currency'
  | 'opening'
  | 'credits'
  | 'debits'
  | 'closing'
  | 'reservedBeside'
  | 'totalWithReserved'
  | 'entries';

type Kind = keyof typeof en.reportLedgers.kinds;
type Purpose = keyof typeof en.reportLedgers.purposes;

/**
 * The journal kinds the server writes (the contract's `JOURNAL_KINDS`: every money kind's
 * `payin.success`, `payout.reserve` …, and the house's own); each has words in
 * `reportLedgers.kinds` (`ledger-kinds.test.ts` holds them to it).
 */
export const LEDGER_KINDS = JOURNAL_KINDS.map((kind) => kind.replace('.', '_') as Kind);

/** The purposes of the tenants' ledger accounts the reports show (docs/money.md). */
const PURPOSES: readonly Purpose[] = ENTRY_PURPOSES;

/** A journal kind in words ("payin.success": "Pay-in credited"); an unknown one as it is. */
export function kindText(t: TFunction, kind: string): string {
  const key = LEDGER_KINDS.find((k) => k === kind.replace('.', '_'));
  return key ? t(`reportLedgers.kinds.${key}`) : kind;
}

/** A ledger account's purpose in words ("available": "Available balance"). */
export function purposeText(t: TFunction, purpose: string): string {
  const key = PURPOSES.find((p) => p === purpose);
  return key ? t(`reportLedgers.purposes.${key}`) : purpose;
}

/** Which entry columns a ledger report has (see `ledgerEntryColumns`). */
export interface LedgerColumnsOf {
  /** The ledger's own tenant (named once, in the header above the entries). */
  readonly owner?: string;
  /** Entries come from several tenants' events (a reseller's commission): an account column. */
  readonly byTenant?: boolean;
}

/** An amount of one side of an entry; the other side's cell stays empty (the entries view's too). */
export const sideColumn = <Row extends Pick<LedgerEntryRow, 'debit' | 'credit' | 'currency'>>(
  id: 'debit' | 'credit',
  header: string,
) =>
  column<Row>(
    id,
    header,
    (r) => (r[id] === null ? null : <bdi>{formatMoney(r[id], r.currency)}</bdi>),
    { headerClassName: 'text-end', cellClassName: 'text-end text-nowrap' },
  );

/**
 * The entry columns of a ledger report: time, the journal kind in words, the reference,
 * debit or credit and the running balance. Whose account it is is said once, in the header;
 * a ledger fed by several tenants' events (a reseller's commission: its merchants' pay-ins,
 * its own withdrawals) adds the account whose event each entry is, left empty for its own.
 */
export function ledgerEntryColumns(
  t: TFunction,
  { owner = '', byTenant = false }: LedgerColumnsOf = {},
): ListColumn<LedgerEntryRow>[] {
  const c = (k: ColumnKey) => t(`reportLedgers.columns.${k}`);
  return [
    dateColumn<LedgerEntryRow>('posted_at', c('postedAt'), (r) => r.posted_at),
    column<LedgerEntryRow>('kind', c('kind'), (r) => (
      <span className="text-nowrap" title={r.kind} data-testid="ledger-kind">
        {kindText(t, r.kind)}
      </span>
    )),
    column<LedgerEntryRow>('ref_id', c('reference'), (r) => (
      <span className="small text-nowrap" title={r.ref_id}>
        {r.ref_type} · {r.ref_id.slice(0, 8)}
      </span>
    )),
    ...(byTenant
      ? [
          column<LedgerEntryRow>('owner_db_code', c('owner'), (r) =>
            r.owner_db_code && r.owner_db_code !== owner ? (
              <bdi data-testid="ledger-owner">{r.owner_db_code}</bdi>
            ) : null,
          ),
        ]
      : []),
    sideColumn('debit', c('debit')),
    sideColumn('credit', c('credit')),
    moneyColumn<LedgerEntryRow>(
      'balance',
      c('balance'),
      (r) => r.balance,
      (r) => r.currency,
    ),
  ];
}

function useLedgerColumns(
  owner: string | undefined,
  byTenant: boolean,
  ledger: LedgerHeader | undefined,
  hasReserved: boolean,
) {
  const { t } = useTranslation();
  return useMemo(() => {
    const c = (k: ColumnKey) => t(`reportLedgers.columns.${k}`);
    type Figure = 'opening' | 'credits' | 'debits' | 'closing' | 'reserved' | 'total';
    const money = (id: Figure, header: string) =>
      moneyColumn<LedgerTotals>(
        id,
        header,
        (r) => r[id] ?? '',
        (r) => r.currency,
      );
    // The closing says which balance it is; a ledger with a reserved part beside it shows that
    // part and the total (what the balance settlement report's closing is).
    const closing = ledger
      ? t('reportLedgers.columns.closingOf', { account: purposeText(t, ledger.purpose) })
      : c('closing');
    const totals: ListColumn<LedgerTotals>[] = [
      column<LedgerTotals>('currency', c('currency'), (r) => <CurrencyCode code={r.currency} />),
      money('opening', c('opening')),
      money('credits', c('credits')),
      money('debits', c('debits')),
      money('closing', closing),
      ...(hasReserved
        ? [money('reserved', c('reservedBeside')), money('total', c('totalWithReserved'))]
        : []),
      column<LedgerTotals>('entries', c('entries'), (r) => r.entries, {
        cellClassName: 'text-end',
        headerClassName: 'text-end',
      }),
    ];
    return { entries: ledgerEntryColumns(t, { owner, byTenant }), totals };
  }, [t, owner, byTenant, ledger, hasReserved]);
}

/**
 * A ledger report: whose ledger, its entries with the running balance (paged, period and time
 * zone in the URL, export), then the period, any reconciliation difference and the opening,
 * credits, debits and closing balance.
 */
export function LedgerReport<C extends CallDef>({
  call,
  fixed,
  listId,
  byTenant = false,
}: {
  call: C;
  fixed: Readonly<Record<string, string>>;
  listId: string;
  /** The ledger gathers several tenants' events (a reseller's commission). */
  byTenant?: boolean;
}) {
  const { t } = useTranslation();
  const list = useListPage(call, { fixed });
  const ledger = list.answer?.ledger as LedgerHeader | undefined;
  const totalsRows = (list.answer?.totals ?? []) as readonly LedgerTotals[];
  const hasReserved = totalsRows.some((r) => r.reserved !== null);
  const columns = useLedgerColumns(ledger?.owner_db_code, byTenant, ledger, hasReserved);
  const entriesList = list as unknown as Parameters<typeof ListView<LedgerEntryRow>>[0]['list'];
  return (
    <>
      {ledger && (
        <p className="fw-semibold mb-2" data-testid="ledger-header">
          {t('reportLedgers.header.ledgerOf', {
            account: purposeText(t, ledger.purpose),
            owner: ledger.owner_db_code,
            name: ledger.owner_name,
            currency: ledger.currency,
          })}
        </p>
      )}
      <ListView
        list={entriesList}
        columns={columns.entries}
        listId={listId}
        getRowId={(r) => r.entry_id}
        actions={<PrintButton />}
      />
      <ReportSummary
        list={list as unknown as Parameters<typeof ReportSummary<LedgerTotals>>[0]['list']}
        columns={columns.totals}
      />
    </>
  );
}
