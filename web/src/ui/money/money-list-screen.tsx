import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { MONEY_DETAIL_ROWS, type CallDef } from '@bo/contract';
import { useAppSettings } from '../../lib/api/get-app-settings';
import { useSessionUser, viewerOf } from '../../lib/session';
import { column, selectColumn, type ListColumn } from '../list/columns';
import { ListView } from '../list/list-view';
import { useListPage, type ListPageOptions, type RowOf } from '../list/use-list-page';
import { RouteTitle } from '../page-title';
import { BulkBar } from './bulk-bar';
import { DecisionDialog } from './decision-dialog';
import { decisionsFor, type Decision } from './decisions';
import { MoneyDetailDrawer, type MoneyKind } from './money-detail-drawer';
import type { MoneyItem } from './money-item';
import { RequestButton } from './request/request-button';
import type { RequestKind } from './request/request-kinds';
import { RowDecisions } from './row-decisions';
import { SettingChangesPanel } from './setting-changes/setting-changes-panel';
import { WriteOffsWaitingNotice } from './write-offs-waiting-notice';

export interface MoneyListScreenProps<C extends CallDef> {
  readonly call: C;
  /**
   * The detail kind rows open as, and the name shown in confirmations; or each row's own, in a
   * queue of several kinds (the risk review's: its detail then shows the kind's own row).
   */
  readonly kind: MoneyKind | ((row: RowOf<C>) => MoneyKind);
  /** Names the stored column choice. */
  readonly listId: string;
  /** Fields always sent (the queue's `pendingOnly`…), not shown as filters. */
  readonly fixed?: Readonly<Record<string, string>>;
  /** The order while the URL names none (see `ListPageOptions.defaultSort`). */
  readonly defaultSort?: ListPageOptions['defaultSort'];
  /** The statuses a queue holds: its tabs offer only these (see `ListPageOptions.statuses`). */
  readonly statuses?: readonly string[];
  /** The field the tabs choose when not `status`, and its values' words (see `ListPageOptions`). */
  readonly tabs?: { readonly field: string; readonly label: (value: string) => string };
  readonly columns: (t: TFunction, open: (row: RowOf<C>) => void) => ListColumn<RowOf<C>>[];
  readonly decisions?: readonly Decision<RowOf<C>>[];
  /** A queue: reads again every minute and offers bulk decisions. */
  readonly queue?: boolean;
  /**
   * A money-out queue (maker-checker): it also says how many reconciliation write-offs wait
   * for approval, with a link to their queue.
   */
  readonly moneyOut?: boolean;
  /** The request form the toolbar offers (to those who may ask). */
  readonly request?: RequestKind;
  /** A kind's own toolbar action beside it (a form that is not a quoted request). */
  readonly actions?: ReactNode;
}

/** The row schema of a list call's answer (`listPageOf(row)`). */
const rowSchemaOf = (call: CallDef) =>
  ((call.response as z.ZodObject).shape.rows as z.ZodArray<z.ZodObject>).element;

type Pending<Row> = { decision: Decision<Row>; rows: Row[] } | null;

/**
 * A money list screen: title, filters, table, pager, export, the row's detail drawer and, for
 * admins, the decisions that apply to each row (and to a selection, on queues). A screen is
 * this with its call, its columns and its decisions.
 */
export function MoneyListScreen<C extends CallDef>(props: MoneyListScreenProps<C>) {
  type Row = RowOf<C> & MoneyItem;
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  // Queues read again without a reload at the platform's live-update interval (spec: 60 s).
  const { live_update_interval_ms: liveUpdateMs } = useAppSettings();
  const list = useListPage(props.call, {
    fixed: props.fixed,
    defaultSort: props.defaultSort,
    statuses: props.statuses,
    tabField: props.tabs?.field,
    statusLabel: props.tabs?.label,
    refetchInterval: props.queue ? liveUpdateMs : undefined,
  });
  const [open, setOpen] = useState<Row | null>(null);
  const [pending, setPending] = useState<Pending<Row>>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const viewerKey = `${viewer?.accountType}:${viewer?.modules.join()}`;
  const decisions = useMemo(
    () => decisionsFor((props.decisions ?? []) as Decision<Row>[], viewer),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the viewer's type and modules
    [props.decisions, viewerKey],
  );
  const rows = (list.rows ?? []) as readonly Row[];
  const decidable = (row: Row) => decisions.some((d) => d.appliesTo(row));
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const bulk = props.queue && decisions.length > 0;
  const { columns: makeColumns } = props;
  const columns = useMemo(() => {
    const base = makeColumns(t, (row) => setOpen(row as Row)) as ListColumn<Row>[];
    const out: ListColumn<Row>[] = [];
    if (bulk)
      out.push(
        selectColumn<Row>({
          label: t('money.selection'),
          boxLabel: (row) => t('money.select', { id: row.id.slice(0, 8) }),
          testId: 'select-row',
          isChoosable: decidable,
          isChosen: (row) => selected.has(row.id),
          onToggle: (row, chosen) => {
            const next = new Set(selected);
            if (chosen) next.add(row.id);
            else next.delete(row.id);
            setSelected(next);
          },
        }),
      );
    out.push(...base);
    if (decisions.length)
      out.push(
        column<Row>(
          'decisions',
          t('money.actions'),
          (row) => (
            <RowDecisions
              row={row}
              decisions={decisions}
              onDecide={(decision) => setPending({ decision, rows: [row] })}
            />
          ),
          { label: t('money.actions'), cellClassName: 'text-nowrap', card: 'actions' },
        ),
      );
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decidable reads decisions
  }, [makeColumns, t, decisions, bulk, selected]);
  const { kind } = props;
  const kindOf = (row: Row): MoneyKind => (typeof kind === 'function' ? kind(row) : kind);
  // The kinds of the rows decided, each named once ("Pay-out", "Pay-out, Withdrawal").
  const kindLabelOf = (decided: readonly Row[]) =>
    [...new Set(decided.map(kindOf))].map((k) => t(`money.kind.${k}`)).join(', ');
  return (
    <>
      <RouteTitle />
      {props.queue && <SettingChangesPanel />}
      {props.queue && props.moneyOut && <WriteOffsWaitingNotice refetchInterval={liveUpdateMs} />}
      <ListView
        list={list}
        columns={columns as ListColumn<RowOf<C>>[]}
        listId={props.listId}
        getRowId={(row) => (row as Row).id}
        actions={
          (props.request || props.actions) && (
            <>
              {props.request && <RequestButton request={props.request} />}
              {props.actions}
            </>
          )
        }
        above={
          bulk && selectedRows.length > 0 ? (
            <BulkBar
              rows={selectedRows}
              decisions={decisions}
              onDecide={(decision) =>
                setPending({ decision, rows: selectedRows.filter(decision.appliesTo) })
              }
              onClear={() => setSelected(new Set())}
            />
          ) : null
        }
      />
      {open && (
        <MoneyDetailDrawer
          kind={kindOf(open)}
          row={rows.find((row) => row.id === open.id) ?? open}
          schema={
            typeof kind === 'function' ? MONEY_DETAIL_ROWS[kindOf(open)] : rowSchemaOf(props.call)
          }
          timeZone={list.state.timeZone}
          decisions={decisions}
          // The list's row under the detail's fresh one: what the list alone has stays (a kind).
          onDecide={(decision, row) => setPending({ decision, rows: [{ ...open, ...row }] })}
          onClose={() => setOpen(null)}
        />
      )}
      {pending && (
        <DecisionDialog
          decision={pending.decision}
          rows={pending.rows}
          kindLabel={kindLabelOf(pending.rows)}
          onClose={() => {
            setPending(null);
            setSelected(new Set());
          }}
        />
      )}
    </>
  );
}
