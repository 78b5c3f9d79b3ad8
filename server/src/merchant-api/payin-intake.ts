import { IDEMPOTENCY_STALE_SECONDS } from '@bo/contract';
import type { Db, Queryable } from '../db/db';
import { GroupCommit, groupCommitOf } from '../db/group-commit';
import { joinWrites } from '../db/writes';
import { batchesInFlight } from '../db/batches';
import { startAtGateway, startedChange, startedPayin } from '../modules/payins/payin-flow';
import { findPayinByOrderId, lockPayins, type PayinRecord } from '../modules/payins/payins.service';
import { changeLockedPayins, createPayins, type NewPayin } from '../modules/payins/payins.service';
import { claimOrStop, IdempotencyStop, noteSignatureOrStop } from './idempotency';
import { ApiFailure } from './merchant-auth';
import { apiPayinView } from './merchant-api-views';
import { idempotencyClaimWrites, idempotentResponseWrites } from './merchant-api.queries';
import { riskBlockedAnswer } from './api-risk';
import { RISK_BLOCKED_STATUS, RISK_HELD_STATUS } from '@bo/contract';
import { merchantInfoOf } from '../modules/contracts/pricing-context';
import { heldNoticeWrites, intakeStatusOf } from '../modules/money-flow/intake-status';
import type { RiskContext } from '../modules/risk/risk-context';
import { decideIntake, intakeWrites } from '../modules/risk/risk-intake';
import type { IntakeFacts } from '../modules/risk/risk-types';
import { seenSignatureWrites, type SignatureUse } from './replay-guard';

/** A signed, parsed `POST /payins` with its idempotency key and request hash. */
export interface ApiPayinRequest {
  readonly merchantId: string;
  readonly key: string;
  readonly hash: string;
  readonly payin: NewPayin;
  /** The request's signature, noted as seen in the transaction that creates the pay-in. */
  readonly signature: SignatureUse;
  /** PUBLIC_URL: the answer's `payment_url` is absolute on it. */
  readonly publicUrl: string;
  /** What risk controls judge of it (issue 42): its facts but its reseller and time. */
  readonly facts: Omit<IntakeFacts, 'resellerId' | 'at'>;
  /** The rules and lists intake decides with, read before the batch. */
  readonly risk: RiskContext;
}

interface Started {
  readonly request: ApiPayinRequest;
  readonly payin: PayinRecord;
  readonly page: Awaited<ReturnType<typeof startAtGateway>>['page'];
  readonly at: Date;
}

type Body = ReturnType<typeof apiPayinView>;

const keyOf = (r: ApiPayinRequest) => `${r.merchantId}:${r.key}`;

/**
 * Risk controls' verdicts on a batch of pay-ins, before they are made (issue 42): their facts
 * (the reseller from the pricing cache, the time their creation's), the verdicts, and each
 * pay-in as intake leaves it (held or blocked, else as asked). Reads nothing when no rule
 * watches the batch.
 */
async function decidePayins(tx: Queryable, requests: readonly ApiPayinRequest[]) {
  const owners = await merchantInfoOf(
    tx,
    requests.map((r) => r.merchantId),
  );
  const facts: IntakeFacts[] = requests.map((r) => ({
    ...r.facts,
    resellerId: owners.get(r.merchantId)?.reseller_account_id ?? null,
    at: r.payin.createdAt,
  }));
  const decided = await decideIntake(tx, requests[0]!.risk, facts);
  const payins = requests.map((r, i) => ({
    ...r.payin,
    status: intakeStatusOf(decided[i]!.verdict),
  }));
  return { decided, payins };
}

/** Saves a held or blocked pay-in's answer with its key (claimed already); null otherwise. */
function settledResponseWrites(request: ApiPayinRequest, payin: PayinRecord) {
  const answer = settledAnswer(request, payin);
  return answer && idempotentResponseWrites([{ ...request, ...answer }]);
}

/**
 * The answer a pay-in intake held or blocked gets at once, saved with its key when it is
 * claimed (no gateway is asked): 201 with the held pay-in, or 403 `risk_blocked`; null for a
 * pay-in that goes on to its gateway.
 */
function settledAnswer(
  request: ApiPayinRequest,
  payin: PayinRecord,
): { statusCode: number; responseText: string } | null {
  if (payin.status !== RISK_HELD_STATUS && payin.status !== RISK_BLOCKED_STATUS) return null;
  // A pay-in just made has no dispute yet.
  const view = apiPayinView({ ...payin, disputed: false }, request.publicUrl);
  const blocked = riskBlockedAnswer('pay-in', view);
  return {
    statusCode: blocked?.status ?? 201,
    responseText: JSON.stringify(blocked?.body ?? view),
  };
}

/**
 * First transaction, batched: note every signature as seen, claim every key and create every
 * pay-in, in one statement (so without BEGIN and COMMIT). A signature seen before (a replay), a
 * key already known (replay, reuse, in flight), a reused order id or a refused price fails the
 * batch, and each request then runs alone (`noteSignatureOrStop`, `claimOrStop`,
 * `createPayins`) to get its own answer.
 */
const creations = (db: Db) =>
  groupCommitOf(
    db,
    'api-payin-create',
    () =>
      new GroupCommit<ApiPayinRequest, PayinRecord>(db, {
        async many(tx, requests) {
          const decided = await decidePayins(tx, requests);
          return createPayins(tx, decided.payins, {
            also: (created) =>
              joinWrites(
                seenSignatureWrites(requests.map((r) => r.signature)),
                idempotencyClaimWrites(
                  requests.map((r, i) => ({
                    ...r,
                    answer: settledAnswer(r, created[i]!.record!),
                  })),
                ),
                intakeWrites(
                  decided.decided,
                  created.map((c) => c.id),
                ),
                heldNoticeWrites(
                  'payin',
                  created.map((c) => c.record!),
                ),
              ),
          });
        },
        async one(tx, r) {
          await noteSignatureOrStop(tx, r.signature);
          await claimOrStop(tx, r.merchantId, r.key, r.hash);
          const decided = await decidePayins(tx, [r]);
          const [payin] = await createPayins(tx, decided.payins, {
            also: (created) =>
              joinWrites(
                intakeWrites(decided.decided, [created[0]!.id]),
                settledResponseWrites(r, created[0]!.record!),
                heldNoticeWrites('payin', [created[0]!.record!]),
              ),
          });
          return payin!;
        },
        key: keyOf,
        batchIsOneStatement: true,
        maxConcurrent: batchesInFlight(db),
      }),
  );

/**
 * Moves started pay-ins on (processing with their page, or failed) from `rows` as the caller
 * knows them, and saves each request's response with its key, in one statement.
 */
async function startPayinsIn(
  tx: Queryable,
  items: readonly Started[],
  rows: readonly PayinRecord[],
): Promise<Body[]> {
  let bodies: Body[] = [];
  await changeLockedPayins(
    tx,
    rows,
    items.map((s) => startedChange(s.payin, s.page, s.at)),
    {
      also: (results) => {
        bodies = items.map((s, i) =>
          // A pay-in just made has no dispute yet.
          apiPayinView(
            { ...startedPayin(s.payin, s.page, results[i]?.status), disputed: false },
            s.request.publicUrl,
          ),
        );
        return idempotentResponseWrites(
          items.map((s, i) => ({
            merchantId: s.request.merchantId,
            key: s.request.key,
            statusCode: 201,
            responseText: JSON.stringify(bodies[i]),
          })),
        );
      },
    },
  );
  return bodies;
}

/** Second transaction, batched: the gateway's answer moves each pay-in, and each response is saved with its key. */
const starts = (db: Db) =>
  groupCommitOf(
    db,
    'api-payin-start',
    () =>
      new GroupCommit<Started, Body>(db, {
        // No lock: the pay-ins were just created here; one moved meanwhile (a callback
        // overtook the start) fails the batch, and each then runs alone, locked.
        many: (tx, items) =>
          startPayinsIn(
            tx,
            items,
            items.map((s) => s.payin),
          ),
        one: async (tx, s) =>
          (await startPayinsIn(tx, [s], await lockPayins(tx, [s.payin.id])))[0]!,
        key: (s) => s.payin.id,
        maxConcurrent: batchesInFlight(db),
      }),
  );

/**
 * Opens a pay-in for the merchant API, as `openPayin` does with the key claimed before the
 * creation and the response saved with the start, but through group commits: concurrent
 * requests share their transactions. Each answers after its own transactions committed;
 * errors (`IdempotencyStop`, conflicts, bad input) are the ones the request gets alone.
 */
export async function openApiPayin(db: Db, request: ApiPayinRequest): Promise<Body> {
  let payin: PayinRecord;
  try {
    payin = await creations(db).submit(request);
    request.signature.recorded = true;
  } catch (error) {
    const interrupted = await interruptedPayin(db, request, error);
    if (!interrupted) throw error;
    payin = interrupted;
  }
  // Held or blocked at intake: answered now, as its key's saved answer (no gateway is asked).
  const settled = settledAnswer(request, payin);
  if (settled) throw new IdempotencyStop(null, settled);
  try {
    const handed = await startAtGateway(db, payin);
    return await starts(db).submit({ request, ...handed, at: new Date() });
  } catch {
    // The pay-in exists: its key stays claimed, and a retry after a while finishes it.
    throw new IdempotencyStop(
      new ApiFailure(
        503,
        'request_interrupted',
        `The pay-in was created but not started; retry with the same Idempotency-Key after ${IDEMPOTENCY_STALE_SECONDS} seconds`,
        IDEMPOTENCY_STALE_SECONDS,
      ),
    );
  }
}

/**
 * The pay-in of an earlier request with this key that was interrupted after creating it
 * (its key in progress for `IDEMPOTENCY_STALE_SECONDS`), so this retry can finish it.
 */
async function interruptedPayin(
  db: Db,
  request: ApiPayinRequest,
  error: unknown,
): Promise<PayinRecord | null> {
  if (!(error instanceof IdempotencyStop) || !error.inProgressSince) return null;
  if (Date.now() - error.inProgressSince.getTime() < IDEMPOTENCY_STALE_SECONDS * 1000) return null;
  return findPayinByOrderId(db, request.merchantId, request.payin.orderId);
}
