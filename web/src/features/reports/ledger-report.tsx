import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallDef, LedgerEntryRow } from '@bo/contract';
import { column, dateColumn, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { PrintButton } from '../../ui/report/print-button';
import { ReportSummary } from '../../ui/report/report-summary';

/** The totals of a ledger: one row with the period's figures. */
interface LedgerTotals {
  readonly currency: string;
  readonly opening: string;
  readonly credits: string;
  readonly debits: string;
  readonly closing: string;
  readonly entries: number;
}

interface LedgerHeader {
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
  | 'entries';

function useLedgerColumns() {
  const { t } = useTranslation();
  return useMemo(() => {
    const c = (k: ColumnKey) => t(`reportLedgers.columns.${k}`);
    const entries: ListColumn<LedgerEntryRow>[] = [
      dateColumn<LedgerEntryRow>('posted_at', c('postedAt'), (r) => r.posted_at),
      column<LedgerEntryRow>('kind', c('kind'), (r) => <code className="small">{r.kind}</code>),
      column<LedgerEntryRow>('ref_id', c('reference'), (r) => (
        <span className="small text-nowrap" title={r.ref_id}>
          {r.ref_type} · {r.ref_id.slice(0, 8)}
        </span>
      )),
      column<LedgerEntryRow>('owner_db_code', c('owner'), (r) => r.owner_db_code),
      moneyColumn<LedgerEntryRow>('debit', c('debit'), (r) => r.debit),
      moneyColumn<LedgerEntryRow>('credit', c('credit'), (r) => r.credit),
      moneyColumn<LedgerEntryRow>(
        'balance',
        c('balance'),
        (r) => r.balance,
        (r) => r.currency,
      ),
    ];
    const money = (id: 'opening' | 'credits' | 'debits' | 'closing') =>
      moneyColumn<LedgerTotals>(
        id,
        c(id),
        (r) => r[id],
        (r) => r.currency,
      );
    const totals: ListColumn<LedgerTotals>[] = [
      column<LedgerTotals>('currency', c('currency'), (r) => r.currency),
      money('opening'),
      money('credits'),
      money('debits'),
      money('closing'),
      column<LedgerTotals>('entries', c('entries'), (r) => r.entries, {
        cellClassName: 'text-end',
        headerClassName: 'text-end',
      }),
    ];
    return { entries, totals };
  }, [t]);
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
}: {
  call: C;
  fixed: Readonly<Record<string, string>>;
  listId: string;
}) {
  const { t } = useTranslation();
  const list = useListPage(call, { fixed });
  const columns = useLedgerColumns();
  const ledger = list.answer?.ledger as LedgerHeader | undefined;
  const entriesList = list as unknown as Parameters<typeof ListView<LedgerEntryRow>>[0]['list'];
  return (
    <>
      {ledger && (
        <p className="fw-semibold mb-2" data-testid="ledger-header">
          {t('reportLedgers.header.ledgerOf', {
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
