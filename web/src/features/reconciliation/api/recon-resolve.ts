import {
  decideReconWriteOffs,
  explainReconLines,
  queryReconLines,
  writeOffReconLines,
  type CallResponse,
} from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import type { Decision } from '../../../ui/money/decisions';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** The three ways a run's lines are resolved on screen (docs/reconciliation.md, Resolution). */
export const RESOLVE_ACTIONS = ['query', 'writeOff', 'explain'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

const CALLS = { query: queryReconLines, writeOff: writeOffReconLines, explain: explainReconLines };

export type ResolveResult = CallResponse<typeof queryReconLines>['results'][number];

/** Resolves some of a run's lines one way, with the reason or note; answers each line's result. */
export async function resolveLines(
  action: ResolveAction,
  runId: string,
  seqs: readonly number[],
  reason: string,
): Promise<ResolveResult[]> {
  const answer = await callApi(
    CALLS[action],
    { runId, seqs: seqs.join(','), reason: reason.trim() },
    { errors: 'inline' },
  );
  await refreshReconViews();
  return answer.results;
}

/** The run, its lines, the runs list and the dashboard read again after a resolution. */
export async function refreshReconViews(): Promise<void> {
  await Promise.all([
    refreshMoneyViews(),
    queryClient.invalidateQueries({ queryKey: ['getReconRun'] }),
  ]);
}

/**
 * A waiting write-off as the approvals' confirmation shows it: its resolution id, and the
 * difference it posts in its currency.
 */
export interface WriteOffItem {
  readonly id: string;
  readonly currency: string;
  readonly amount: string;
  readonly status: string;
  readonly created_at: string;
}

/** The checker's decisions on waiting write-offs: both go through the one bulk call. */
export const WRITE_OFF_DECISIONS: readonly Decision<WriteOffItem>[] = [
  {
    verb: 'approve',
    call: decideReconWriteOffs,
    bulkCall: decideReconWriteOffs,
    appliesTo: () => true,
    asks: 'note',
  },
  {
    verb: 'reject',
    call: decideReconWriteOffs,
    bulkCall: decideReconWriteOffs,
    appliesTo: () => true,
    asks: 'rejection',
  },
];
