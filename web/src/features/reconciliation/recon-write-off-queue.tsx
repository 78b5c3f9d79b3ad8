import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getReconWriteOffList,
  pathOf,
  RECON_WRITE_OFF_QUEUE_STATES,
  type ReconWriteOffRow,
} from '@bo/contract';
import { queryClient } from '../../lib/query-client';
import { useSessionUser, viewerOf } from '../../lib/session';
import {
  column,
  dateColumn,
  moneyColumn,
  selectColumn,
  type ListColumn,
} from '../../ui/list/columns';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { DecisionButton } from '../../ui/money/bulk-bar';
import { DecisionDialog } from '../../ui/money/decision-dialog';
import { decisionsFor, type DecisionVerb } from '../../ui/money/decisions';
import { SelectionBar } from '../../ui/money/selection-bar';
import { WRITE_OFF_DECISIONS, type WriteOffItem } from './api/recon-resolve';

type Row = ReconWriteOffRow;
type QueueState = Row['status'];

/** The queue's columns: the write-off, the line it is for (a link to its run) and who asked. */
const writeOffColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('payment_gateway_code', t('reconciliation.column.gateway'), (r) => (
    <bdi>{r.payment_gateway_code}</bdi>
  )),
  column<Row>('reference', t('reconciliation.column.reference'), (r) => (
    <Link
      to={`${pathOf('reconciliationRun', { id: r.run_id })}?search=${encodeURIComponent(r.reference || r.order_id)}`}
      aria-label={t('reconciliation.queue.openLine', { line: r.reference || r.order_id })}
      data-testid="recon-queue-line"
    >
      <bdi className="font-monospace small">{r.reference || r.order_id || '—'}</bdi>
    </Link>
  )),
  column<Row>('class', t('reconciliation.column.class'), (r) =>
    t(`reconciliation.class.${r.class}`),
  ),
  moneyColumn<Row>(
    'difference',
    t('reconciliation.queue.amount'),
    (r) => r.difference,
    (r) => r.currency,
  ),
  column<Row>('note', t('reconciliation.queue.note'), (r) => (
    <bdi className="small text-break">{r.note}</bdi>
  )),
  column<Row>('requested_by', t('reconciliation.queue.requestedBy'), (r) => (
    <bdi>{r.requested_by}</bdi>
  )),
  dateColumn<Row>('created_at', t('reconciliation.queue.requestedAt'), (r) => r.created_at),
];

/** Those that ended without posting: how (rejected or expired) and when. */
const closedColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('status', t('reconciliation.queue.state'), (r) => (
    <span
      className="badge bg-secondary-subtle text-secondary-emphasis"
      data-testid="recon-queue-state"
      data-state={r.status}
    >
      {t(`reconciliation.writeOff.closed.${r.status as 'rejected' | 'expired'}`)}
    </span>
  )),
  dateColumn<Row>('decided_at', t('reconciliation.queue.decidedAt'), (r) => r.decided_at),
];

/** The queue's state in the URL (`state`): waiting unless it names another. */
function useQueueState(): QueueState {
  const [params] = useSearchParams();
  return RECON_WRITE_OFF_QUEUE_STATES.find((s) => s === params.get('state')) ?? 'pending';
}

/** Links to the queue's states: waiting, rejected, expired. */
function QueueStates({ current }: { current: QueueState }) {
  const { t } = useTranslation();
  const base = `${pathOf('reconciliation')}?view=write-offs`;
  return (
    <nav aria-label={t('reconciliation.queue.states')}>
      <ul className="nav nav-pills mb-3">
        {RECON_WRITE_OFF_QUEUE_STATES.map((s) => (
          <li key={s} className="nav-item">
            <Link
              to={s === 'pending' ? base : `${base}&state=${s}`}
              className={`nav-link py-1 ${s === current ? 'active' : ''}`}
              aria-current={s === current ? 'page' : undefined}
              data-testid={`recon-queue-state-${s}`}
            >
              {t(`reconciliation.queue.stateTab.${s}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A queued write-off as the approvals' confirmation counts it. */
const writeOffItem = (r: Row): WriteOffItem => ({
  id: r.id,
  currency: r.currency,
  amount: r.difference,
  status: 'pending',
  created_at: r.created_at,
});

/**
 * /reconciliation?view=write-offs: every write-off waiting for a checker, whichever run its
 * line is in (the list kit: gateway, currency, days and search in the URL; export), chosen and
 * approved or rejected in bulk through `decideReconWriteOffs`. The server refuses whoever
 * asked for one (the maker-checker), and the dialog shows its refusal per write-off.
 * `&state=rejected` or `expired` lists instead those that ended without posting (a checker's
 * rejection, or the request-expiry sweep's), each with when.
 */
export function ReconWriteOffQueue() {
  const { t } = useTranslation();
  const state = useQueueState();
  const list = useListPage(getReconWriteOffList, { fixed: { state } });
  const decisions = decisionsFor(WRITE_OFF_DECISIONS, viewerOf(useSessionUser()));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [verb, setVerb] = useState<DecisionVerb | null>(null);
  const waiting = state === 'pending';
  const canDecide = waiting && decisions.length > 0;
  const columns = useMemo(
    () => [
      ...(canDecide
        ? [
            selectColumn<Row>({
              label: t('money.selection'),
              boxLabel: (r) =>
                t('reconciliation.resolve.select', { line: r.reference || r.order_id || r.id }),
              testId: 'recon-queue-select',
              isChoosable: () => true,
              isChosen: (r) => selected.has(r.id),
              onToggle: (r, on) => {
                const next = new Set(selected);
                if (on) next.add(r.id);
                else next.delete(r.id);
                setSelected(next);
              },
            }),
          ]
        : []),
      ...writeOffColumns(t),
      ...(waiting ? [] : closedColumns(t)),
    ],
    [t, selected, canDecide, waiting],
  );
  const chosen = (list.rows ?? []).filter((r) => selected.has(r.id));
  const decision = verb && decisions.find((d) => d.verb === verb);
  const close = () => {
    setVerb(null);
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: ['getReconRun'] });
  };
  return (
    <>
      <QueueStates current={state} />
      <p className="text-muted">{t(`reconciliation.queue.intro.${state}`)}</p>
      <ListView
        list={list}
        columns={columns}
        listId="recon-write-offs"
        getRowId={(r) => r.id}
        caption={t(`reconciliation.queue.caption.${state}`)}
        above={
          canDecide && chosen.length > 0 ? (
            <SelectionBar
              count={chosen.length}
              testId="recon-queue-bar"
              onClear={() => setSelected(new Set())}
            >
              {(['approve', 'reject'] as const).map((v) => (
                <DecisionButton
                  key={v}
                  verb={v}
                  count={chosen.length}
                  testId={`recon-queue-${v}`}
                  onClick={() => setVerb(v)}
                />
              ))}
            </SelectionBar>
          ) : null
        }
      />
      {decision && (
        <DecisionDialog
          decision={decision}
          rows={chosen.map(writeOffItem)}
          kindLabel={t('reconciliation.writeOff.kind')}
          effect={t(`reconciliation.writeOff.effect.${decision.verb as 'approve' | 'reject'}`)}
          onClose={close}
        />
      )}
    </>
  );
}
