import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  getLedgerEntries,
  isMoneyKindName,
  MONEY_DETAIL_ROWS,
  type EntryViewRow,
  type EntryViewTotals,
  type MoneyDetailKind,
} from '@bo/contract';
import { column, dateColumn, moneyColumn, type ListColumn } from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { MoneyDetailDrawer } from '../../ui/money/money-detail-drawer';
import { RouteTitle } from '../../ui/page-title';
import { PrintButton } from '../../ui/report/print-button';
import { ReportSummary } from '../../ui/report/report-summary';
import type { en } from '../../i18n/locales/en';
import { kindText, purposeText, sideColumn } from './ledger-report';

type ColumnKey = keyof typeof en.reportLedgers.columns;

/** The filters the page keeps in the URL beside the list kit's (period, zone, currency, page). */
const FIXED_KEYS = ['ownerKind', 'ownerId', 'purposes', 'kinds'] as const;

interface EntriesHeader {
  readonly owner: {
    readonly owner_db_code: string;
    readonly owner_name: string;
    readonly owner_type: string;
  };
  readonly purposes: readonly string[];
  readonly kinds: readonly string[];
}

function entryColumns(
  t: TFunction,
  open: (kind: MoneyDetailKind, id: string) => void,
): ListColumn<EntryViewRow>[] {
  const c = (k: ColumnKey) => t(`reportLedgers.columns.${k}`);
  return [
    dateColumn<EntryViewRow>('posted_at', c('postedAt'), (r) => r.posted_at),
    column<EntryViewRow>('purpose', c('owner'), (r) => (
      <span className="text-nowrap">{purposeText(t, r.purpose)}</span>
    )),
    column<EntryViewRow>('kind', c('kind'), (r) => (
      <span className="text-nowrap" title={r.kind} data-testid="entry-kind">
        {kindText(t, r.kind)}
      </span>
    )),
    column<EntryViewRow>('ref_id', c('reference'), (r) => {
      const kind = r.ref_type;
      const noun = isMoneyKindName(kind) ? t(`money.kind.${kind}`) : kind;
      const text = `${noun} · ${r.ref_id.slice(0, 8)}`;
      return isMoneyKindName(kind) ? (
        <button
          type="button"
          className="btn btn-link btn-sm p-0 text-nowrap"
          title={r.ref_id}
          onClick={() => open(kind, r.ref_id)}
          data-testid="entry-reference"
        >
          {text}
        </button>
      ) : (
        <span className="small text-nowrap" title={r.ref_id}>
          {text}
        </span>
      );
    }),
    sideColumn<EntryViewRow>('debit', c('debit')),
    sideColumn<EntryViewRow>('credit', c('credit')),
  ];
}

function totalsColumns(t: TFunction): ListColumn<EntryViewTotals>[] {
  const c = (k: ColumnKey) => t(`reportLedgers.columns.${k}`);
  type Figure = 'opening' | 'credits' | 'debits' | 'net' | 'closing';
  const money = (id: Figure, header: string) =>
    moneyColumn<EntryViewTotals>(
      id,
      header,
      (r) => r[id] ?? '',
      (r) => r.currency,
    );
  return [
    column<EntryViewTotals>('currency', c('currency'), (r) => r.currency),
    column<EntryViewTotals>('entries', c('entries'), (r) => r.entries, {
      cellClassName: 'text-end',
      headerClassName: 'text-end',
    }),
    money('credits', c('credits')),
    money('debits', c('debits')),
    money('net', t('reportLedgers.entries.net')),
    money('opening', c('opening')),
    money('closing', c('closing')),
  ];
}

/** Whose entries, which accounts and which kinds, in words, above the list. */
function EntriesHeading({ header, currency }: { header: EntriesHeader; currency: string }) {
  const { t, i18n } = useTranslation();
  // The language's own list ("a, b and c", "أ، ب و ج").
  const list = (items: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(items);
  return (
    <div className="mb-2" data-testid="entries-header">
      <p className="fw-semibold mb-1">
        {header.owner.owner_type === 'platform'
          ? t('reportLedgers.entries.platformHeader', { currency })
          : t('reportLedgers.entries.header', {
              owner: header.owner.owner_db_code,
              name: header.owner.owner_name,
              currency,
            })}
      </p>
      <p className="small text-muted mb-0">
        {t('reportLedgers.entries.accounts', {
          list: list(header.purposes.map((p) => purposeText(t, p))),
        })}
        {' · '}
        {header.kinds.length
          ? t('reportLedgers.entries.kinds', {
              list: list(header.kinds.map((k) => kindText(t, k))),
            })
          : t('reportLedgers.entries.allKinds')}
      </p>
    </div>
  );
}

/**
 * `/ledger-entries` (issue 44): the journal entries behind a figure, reached from the figure
 * (no menu): an owner's accounts in one currency over the report's days, narrowed to some
 * purposes and kinds (all in the URL), paged and exportable, each entry opening its item; the
 * summary sums every entry that matches, so its net is the figure that linked here.
 */
export default function LedgerEntriesPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fixed = useMemo(
    () =>
      Object.fromEntries(
        FIXED_KEYS.flatMap((key) => {
          const value = params.get(key);
          return value ? [[key, value]] : [];
        }),
      ),
    [params],
  );
  const list = useListPage(getLedgerEntries, { fixed });
  const [detail, setDetail] = useState<{ kind: MoneyDetailKind; id: string } | null>(null);
  const columns = useMemo(
    () => ({
      entries: entryColumns(t, (kind, id) => setDetail({ kind, id })),
      totals: totalsColumns(t),
    }),
    [t],
  );
  const header = list.answer as (EntriesHeader & { totals: EntryViewTotals[] }) | undefined;
  return (
    <>
      <RouteTitle />
      <p className="text-muted small" data-testid="report-hint">
        {t('reportLedgers.entries.hint')}
      </p>
      {header && <EntriesHeading header={header} currency={header.totals[0]?.currency ?? ''} />}
      <ListView
        list={list}
        columns={columns.entries}
        listId="ledger-entries"
        getRowId={(r) => r.id}
        actions={<PrintButton />}
      />
      <ReportSummary
        list={list as unknown as Parameters<typeof ReportSummary<EntryViewTotals>>[0]['list']}
        columns={columns.totals}
      />
      {detail && (
        <MoneyDetailDrawer
          kind={detail.kind}
          row={{ id: detail.id }}
          schema={MONEY_DETAIL_ROWS[detail.kind]}
          timeZone={list.state.timeZone}
          decisions={[]}
          onDecide={() => undefined}
          onClose={() => setDetail(null)}
        />
      )}
    </>
  );
}
