import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount, getReconLineList, type ReconClass, type ReconLineRow } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { queryClient } from '../../lib/query-client';
import { useSessionUser, viewerOf } from '../../lib/session';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { LoadFailed } from '../../ui/load-failed';
import { DecisionDialog } from '../../ui/money/decision-dialog';
import { decisionsFor, type DecisionVerb } from '../../ui/money/decisions';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { reconRunQuery } from './api/recon-api';
import { WRITE_OFF_DECISIONS, type ResolveAction, type WriteOffItem } from './api/recon-resolve';
import { lineSelectColumn, reconLineColumns } from './recon-line-columns';
import { ReconResolveBar } from './recon-resolve-bar';
import { ReconRunSummary } from './recon-run-summary';
import { ResolveDialog } from './resolve-dialog';
import { isOpenDifference, isWaitingWriteOff, writeOffMinor } from './write-off-effect';

type Pending =
  | { kind: 'resolve'; action: ResolveAction; lines: ReconLineRow[] }
  | { kind: 'decide'; verb: DecisionVerb; lines: ReconLineRow[] }
  | null;

/** A waiting write-off as the approvals' confirmation counts it. */
const writeOffItem = (line: ReconLineRow): WriteOffItem => ({
  id: line.resolution_id ?? '',
  currency: line.currency,
  amount: formatAmount(writeOffMinor(line), line.currency),
  status: 'pending',
  created_at: line.occurred_at ?? '',
});

/** The selection with one line chosen or not. */
function toggled(selected: ReadonlySet<number>, seq: number, on: boolean): ReadonlySet<number> {
  const next = new Set(selected);
  if (on) next.add(seq);
  else next.delete(seq);
  return next;
}

/**
 * /reconciliation/{id}: one run's summary per currency (statement total = matched +
 * differences, and how many are resolved), then its lines one class tab at a time (the list
 * kit's tabs on `class`, in the URL and saved views, with the counts of each), searched by
 * reference or order id, by currency, exported, with their totals. Chosen lines are resolved
 * (query the gateway, write off, explain) and waiting write-offs approved or rejected from the
 * bar above the table.
 */
export default function ReconRunPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const summary = useQuery(reconRunQuery(id));
  const viewer = viewerOf(useSessionUser());
  const decisions = decisionsFor(WRITE_OFF_DECISIONS, viewer);
  const list = useListPage(getReconLineList, {
    fixed: { runId: id },
    tabField: 'class',
    statusLabel: (k) => t(`reconciliation.class.${k as ReconClass}`),
  });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [pending, setPending] = useState<Pending>(null);
  const canDecide = decisions.length > 0;
  // One column list per selection (the table keeps its column choice across renders).
  const columns = useMemo(
    () => [
      lineSelectColumn(
        t,
        selected,
        (r) => isOpenDifference(r) || (canDecide && isWaitingWriteOff(r)),
        (seq, on) => setSelected(toggled(selected, seq, on)),
      ),
      ...reconLineColumns(t),
    ],
    [t, selected, canDecide, setSelected],
  );
  const rows = list.rows ?? [];
  const chosen = rows.filter((r) => selected.has(r.seq));
  const close = () => {
    setPending(null);
    setSelected(new Set());
    // A decided write-off moves the run's progress.
    void queryClient.invalidateQueries({ queryKey: ['getReconRun', id] });
  };
  const decision = pending?.kind === 'decide' && decisions.find((d) => d.verb === pending.verb);
  return (
    <>
      <RouteTitle />
      {summary.isPending && <PageSpinner />}
      {summary.isError && (
        <LoadFailed
          onRetry={() => void queryClient.invalidateQueries({ queryKey: ['getReconRun', id] })}
        />
      )}
      {summary.data && <ReconRunSummary summary={summary.data} />}
      <h2 className="h5">{t('reconciliation.run.lines')}</h2>
      <ListView
        list={list}
        columns={columns}
        listId="recon-lines"
        getRowId={(r) => String(r.seq)}
        caption={t('reconciliation.run.linesCaption')}
        above={
          chosen.length > 0 ? (
            <ReconResolveBar
              lines={chosen}
              canDecide={canDecide}
              onResolve={(action, lines) => setPending({ kind: 'resolve', action, lines })}
              onDecide={(verb, lines) => setPending({ kind: 'decide', verb, lines })}
              onClear={() => setSelected(new Set())}
            />
          ) : null
        }
      />
      {pending?.kind === 'resolve' && (
        <ResolveDialog
          action={pending.action}
          runId={id}
          lines={pending.lines}
          onCancel={() => setPending(null)}
          onDone={close}
        />
      )}
      {pending?.kind === 'decide' && decision && (
        <DecisionDialog
          decision={decision}
          rows={pending.lines.map(writeOffItem)}
          kindLabel={t('reconciliation.writeOff.kind')}
          effect={t(`reconciliation.writeOff.effect.${pending.verb as 'approve' | 'reject'}`)}
          onClose={close}
        />
      )}
    </>
  );
}
