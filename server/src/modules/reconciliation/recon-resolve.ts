/**
 * Resolving a run's differences (issue 28, phase 2; docs/reconciliation.md, Resolution): ask
 * the gateway and take its final state through our lifecycle, write the difference off through
 * the maker-checker, or mark it explained. Runs and lines stay as imported: each resolution is
 * a `recon_resolutions` row, audited with its reason; a line has at most one done or waiting.
 */
import { randomUUID } from 'node:crypto';
import {
  formatAmount,
  reconDifferenceOf,
  type CallResponse,
  type queryReconLines,
} from '@bo/contract';
import { connectorFor } from '../../connectors/connector';
import { AppError, conflict, notFound } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { Queryable } from '../../db/db';
import { recordAdminLog } from '../admin-logs/admin-log';
import { callbackFacets } from '../gateway-callbacks/callback-facet';
import { applyCallbackIn } from '../gateway-callbacks/gateway-events';
import {
  findOpenResolution,
  findResolvableLine,
  insertResolution,
  lockLines,
  lockOurStatus,
  type NewResolution,
  type OurStatus,
  type ResolvableLine,
} from './recon-resolutions.queries';
import { foldedStatusOf } from './our-status';
import { findRun } from './reconciliation.queries';

type Outcome = CallResponse<typeof queryReconLines>['results'][number];
type ResolveInput = { runId: string; seqs: number[]; reason: string };

/**
 * Resolves each line on its own (its own transaction), as bulk decisions do: one line failing
 * answers its reason and never stops the others. An unknown run is a 404 for the whole call.
 */
async function eachLine(
  ctx: UserCallContext,
  input: ResolveInput,
  resolve: (seq: number) => Promise<Outcome>,
): Promise<{ results: Outcome[] }> {
  if (!(await findRun(ctx.db, input.runId)))
    throw notFound('There is no reconciliation run with this id');
  const results: Outcome[] = [];
  for (const seq of input.seqs) {
    try {
      results.push(await resolve(seq));
    } catch (error) {
      if (!(error instanceof AppError)) {
        ctx.log.error({ err: error, seq }, 'resolving a reconciliation line failed');
        results.push({ seq, ok: false, message: 'This line could not be resolved' });
        continue;
      }
      results.push({ seq, ok: false, message: error.message });
    }
  }
  return { results };
}

/** Refuses a line that is not there, has no difference or is resolved (or waiting) already. */
async function refuseUnresolvable(
  db: Queryable,
  runId: string,
  seq: number,
  line: ResolvableLine | null | undefined,
): Promise<ResolvableLine> {
  if (!line) throw notFound(`The run has no line ${seq}`);
  if (line.class === 'matched') throw conflict('A matched line has no difference to resolve');
  const open = await findOpenResolution(db, runId, seq);
  if (open)
    throw conflict(
      open.status === 'pending'
        ? 'This line has a write-off waiting for its approvals'
        : `This line is resolved already (${open.kind.replace('_', ' ')})`,
    );
  return line;
}

/** A line of the run locked for resolving it: it exists, differs and is not resolved yet. */
async function lockResolvable(tx: Queryable, runId: string, seq: number): Promise<ResolvableLine> {
  const [line] = await lockLines(tx, runId, [seq]);
  return refuseUnresolvable(tx, runId, seq, line);
}

/** Records the resolution of a locked line made by the caller, with the request's reason. */
const recordResolution = (
  tx: Queryable,
  ctx: UserCallContext,
  input: ResolveInput,
  line: ResolvableLine,
  r: Pick<NewResolution, 'id' | 'kind' | 'status' | 'difference' | 'details' | 'at'>,
) =>
  insertResolution(tx, {
    ...r,
    runId: input.runId,
    seq: line.seq,
    currency: line.currency,
    note: input.reason,
    createdBy: ctx.actor.accountId,
  });

/** The admin log of a resolution, in its transaction. */
const logResolution = (
  tx: Queryable,
  ctx: UserCallContext,
  action: string,
  id: string,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
) =>
  recordAdminLog(tx, ctx, {
    action,
    actor: ctx.actor,
    targetType: 'recon_resolution',
    targetId: id,
    ...(before ? { before } : {}),
    after,
  });

/**
 * Asks the line's gateway for our transaction's final state (outside any transaction; a
 * dispute's ruling, with whether the fee was given back), then, under the line's and the
 * transaction's locks: the same state as ours (folded as a statement shows it) is
 * `gateway_agrees`; another is taken as a late callback would be (`applyCallbackIn`: the
 * lifecycle's transition with its journal, rollups and notification; a dispute's ruling goes
 * through the disputes module's `changeDisputes` as its ruling callback does),
 * `gateway_accepted`. A state the lifecycle cannot take (a failure after our success, a win
 * for a dispute we hold as lost) resolves nothing.
 */
async function queryLine(ctx: UserCallContext, input: ResolveInput, seq: number): Promise<Outcome> {
  // Read unlocked: the gateway is asked outside any transaction; the lock is taken below.
  const line = await refuseUnresolvable(
    ctx.db,
    input.runId,
    seq,
    await findResolvableLine(ctx.db, input.runId, seq),
  );
  const kind = line.our_kind;
  const ourId = line.our_id;
  if (!kind || !ourId)
    throw conflict('This line names no transaction of ours: there is nothing to ask the gateway');
  const connector = connectorFor(ctx.db, line.connector);
  const callbacks = callbackFacets.of(kind);
  // A kind the gateway rules on (a dispute) is asked for its ruling, whole (the fee given
  // back), as its callback would say it.
  type Answer = { outcome: string; feeReturned?: boolean };
  const asked: Promise<Answer> = callbacks.rulingFields
    ? connector.queryDisputeRuling(ourId)
    : connector.queryStatus(kind, ourId).then((outcome) => ({ outcome }));
  const ruling = await asked.catch((): Answer => ({ outcome: 'no answer' }));
  const answer = ruling.outcome;
  if (answer !== 'success' && answer !== 'failed')
    throw conflict(`The gateway has no final state for it yet (${answer}): nothing changed`);
  // The gateway's word in our lifecycle (a dispute's `success` is its `won`), folded as a
  // statement shows it (a won dispute moved no money: failed).
  const theirs = callbacks.statusOf(answer);
  const rulingFields = callbacks.rulingFields?.({ feeReturned: ruling.feeReturned }) ?? {};
  const folded = foldedStatusOf(kind, theirs);
  return ctx.db.transaction(async (tx) => {
    const id = randomUUID();
    const at = new Date();
    const locked = await lockResolvable(tx, input.runId, seq);
    const before = await lockOurStatus(tx, kind, ourId);
    if (!before) throw notFound(`Our ${kind} of this line is gone`);
    let after = before.status;
    if (before.folded !== folded) {
      const applied = await applyCallbackIn(
        tx,
        {
          eventId: `recon-${id}`,
          gatewayCode: line.payment_gateway_code,
          kind,
          refId: ourId,
          status: answer,
          ...rulingFields,
        },
        at,
      );
      if (applied !== 'applied')
        throw conflict(
          `Our ${kind} is ${before.status}: its lifecycle cannot take the gateway's ${theirs}; write the difference off or explain it`,
        );
      after = (await lockOurStatus(tx, kind, ourId))!.status;
    }
    const resolution = before.folded === folded ? 'gateway_agrees' : 'gateway_accepted';
    const details = {
      gateway_status: folded,
      gateway_said: theirs,
      // A ruling in the merchant's favour says whether the gateway gave its fee back.
      ...(rulingFields.feeReturned !== undefined && answer === 'success'
        ? { fee_returned: rulingFields.feeReturned }
        : {}),
      status_before: before.status,
      status_after: after,
    };
    await recordResolution(tx, ctx, input, locked, {
      id,
      kind: resolution,
      status: 'done',
      difference: 0n,
      details,
      at,
    });
    await logResolution(
      tx,
      ctx,
      'reconciliation.query_gateway',
      id,
      { run_id: input.runId, seq, resolution, ...details, reason: input.reason },
      { status: before.status },
    );
    return {
      seq,
      ok: true,
      id,
      resolution,
      status: 'done',
      gateway_status: folded,
      our_status: after,
    } as const;
  });
}

/** Asks the gateway about each line (`queryReconLines`). */
export const queryLines = (ctx: UserCallContext, input: ResolveInput) =>
  eachLine(ctx, input, (seq) => queryLine(ctx, input, seq));

/** Marks each line explained with the note (`explainReconLines`). */
export const explainLines = (ctx: UserCallContext, input: ResolveInput) =>
  eachLine(ctx, input, (seq) =>
    ctx.db.transaction(async (tx) => {
      const line = await lockResolvable(tx, input.runId, seq);
      const id = randomUUID();
      await recordResolution(tx, ctx, input, line, {
        id,
        kind: 'explained',
        status: 'done',
        difference: 0n,
        details: null,
        at: new Date(),
      });
      await logResolution(tx, ctx, 'reconciliation.explain', id, {
        run_id: input.runId,
        seq,
        note: input.reason,
      });
      return { seq, ok: true, id, resolution: 'explained', status: 'done' } as const;
    }),
  );

/**
 * What a locked line may have written off: its difference (`reconDifferenceOf`, the contract's), in one currency,
 * with our transaction (when it names one) final and as the run saw it, read under its lock.
 * Answers our status then, which the approval checks again (`postWriteOff`).
 */
async function writeOffOf(
  tx: Queryable,
  line: ResolvableLine,
): Promise<{ difference: bigint; ours: OurStatus | null }> {
  if (line.our_currency !== null && line.our_currency !== line.currency)
    throw conflict(
      `The statement's currency (${line.currency}) is not ours (${line.our_currency}): a write-off posts in one currency; explain it instead`,
    );
  let ours: OurStatus | null = null;
  if (line.our_kind && line.our_id) {
    ours = await lockOurStatus(tx, line.our_kind, line.our_id);
    if (!ours) throw notFound(`Our ${line.our_kind} of this line is gone`);
    if (ours.folded === 'pending')
      throw conflict(
        `Our ${line.our_kind} is ${ours.status}, not final: its difference is not known yet; query the gateway or wait`,
      );
    if (ours.folded !== line.our_status)
      throw conflict(
        `Our ${line.our_kind} is ${ours.status} now, not ${line.our_status ?? 'absent'} as the run saw it: import a new statement or explain it`,
      );
  }
  const difference = reconDifferenceOf(line);
  if (difference === 0n)
    throw conflict('This line moves no money between the gateway and us: explain it instead');
  return { difference, ours };
}

/**
 * Asks for each line's difference to be written off (`writeOffReconLines`): a waiting
 * write-off of the difference `writeOffOf` allows, decided by `decideReconWriteOffs`.
 */
export const writeOffLines = (ctx: UserCallContext, input: ResolveInput) =>
  eachLine(ctx, input, (seq) =>
    ctx.db.transaction(async (tx) => {
      const line = await lockResolvable(tx, input.runId, seq);
      const { difference, ours } = await writeOffOf(tx, line);
      const id = randomUUID();
      await recordResolution(tx, ctx, input, line, {
        id,
        kind: 'write_off',
        status: 'pending',
        difference,
        details: ours ? { our_status: ours.status } : null,
        at: new Date(),
      });
      const amount = formatAmount(difference, line.currency);
      await logResolution(tx, ctx, 'reconciliation.write_off.request', id, {
        run_id: input.runId,
        seq,
        currency: line.currency,
        amount,
        ...(ours ? { our_status: ours.status } : {}),
        reason: input.reason,
      });
      return { seq, ok: true, id, resolution: 'write_off', status: 'pending', amount } as const;
    }),
  );
