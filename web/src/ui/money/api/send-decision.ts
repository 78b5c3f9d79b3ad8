import type { CallDef } from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { queryClient } from '../../../lib/query-client';
import type { Decision } from '../decisions';

/** What the admin typed in a decision's confirmation. */
export interface DecisionInput {
  /** The note (approval), the reference or cause (in-house outcome), the note (rejection). */
  readonly note: string;
  /** The reject reason's code (rejections only). */
  readonly reasonCode: string;
  /** Further fields asked (a bank settlement's transfer), sent as they are. */
  readonly fields?: Readonly<Record<string, string>>;
}

/** One item's outcome: its status now and, for an approval, the approvals so far. */
export interface DecisionOutcome {
  readonly id: string;
  readonly ok: boolean;
  readonly status?: string;
  readonly approvals?: number;
  readonly approvals_required?: number;
  readonly message?: string;
}

/** The request fields of one item's decision call, from what the confirmation asked. */
function singleRequest(decision: Decision<unknown>, id: string, input: DecisionInput) {
  if (decision.asks === 'rejection')
    return { id, reasonCode: input.reasonCode, note: input.note.trim() };
  return { id, reason: input.note.trim() || undefined, ...decision.fields, ...input.fields };
}

/**
 * Sends a decision on `ids`: several items of a queue (or any of a kind with only a bulk call)
 * go in one bulk call (each still decided
 * on its own on the server); otherwise each item is its own call, one refusal not stopping the
 * others. Lists, details and dashboard figures read again afterwards.
 */
export async function sendDecision(
  decision: Decision<unknown>,
  ids: readonly string[],
  input: DecisionInput,
): Promise<DecisionOutcome[]> {
  const outcomes: DecisionOutcome[] = [];
  if (decision.bulkCall && goesInBulk(decision, ids.length)) {
    const answer = (await callApi(decision.bulkCall, {
      ids: ids.join(','),
      decision: decision.verb,
      reasonCode: decision.asks === 'rejection' ? input.reasonCode : undefined,
      note: input.note.trim() || undefined,
    })) as { results: DecisionOutcome[] };
    outcomes.push(...answer.results);
  } else {
    for (const id of ids) {
      try {
        const answer = await callApi(decision.call as CallDef, singleRequest(decision, id, input), {
          errors: ids.length > 1 ? 'inline' : 'popup',
        });
        outcomes.push({ ...(answer as Omit<DecisionOutcome, 'ok'>), ok: true });
      } catch (failure) {
        if (!(failure instanceof ApiError)) throw failure;
        outcomes.push({ id, ok: false, message: failure.message });
      }
    }
  }
  await refreshMoneyViews();
  return outcomes;
}

/**
 * Whether a decision on `count` items goes as one bulk call: several items of a queue, or any
 * of a kind decided only in bulk (its call is its bulk call). A bulk call answers a refusal
 * in its results, where a single call's was already shown.
 */
export const goesInBulk = (decision: Decision<unknown>, count: number) =>
  decision.bulkCall !== undefined && (count > 1 || decision.call === decision.bulkCall);

/** An approval recorded that still waits for another admin's (maker-checker). */
export const waitsForAnotherApproval = (outcome: DecisionOutcome) =>
  outcome.ok && (outcome.approvals ?? 0) < (outcome.approvals_required ?? 0);

/** Lists, details and dashboard figures read again after money moved. */
export async function refreshMoneyViews(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['list'] }),
    queryClient.invalidateQueries({ queryKey: ['getMoneyDetail'] }),
    queryClient.invalidateQueries({ queryKey: ['getReportDashboardV3'] }),
    queryClient.invalidateQueries({ queryKey: ['getAdminDashboardV2'] }),
    queryClient.invalidateQueries({ queryKey: ['getUsdtWalletBalance'] }),
  ]);
}
