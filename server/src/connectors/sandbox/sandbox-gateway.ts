import { createHash, randomUUID } from 'node:crypto';
import { isGatewayKind } from '@bo/contract';
import type { Db } from '../../db/db';
import { GroupCommit } from '../../db/group-commit';
import type {
  CallbackRequest,
  CallbackVerdict,
  DisputeAnswer,
  DisputeRuling,
  GatewayCallback,
  GatewayKind,
  GatewayOutcome,
  PaymentConnector,
  StartRequest,
} from '../connector';
import {
  findSandboxPayment,
  insertSandboxPayment,
  recordSandboxHandOver,
  insertSandboxPayments,
  settleSandboxPayment,
  type SandboxBehaviour,
  type SandboxPayment,
} from './sandbox.queries';
import { verifySignedCallback } from '../callback-verification';
import { sandboxBehaviourOf } from './sandbox-behaviour';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  sandboxDeliveryHeaders,
  signSandbox,
} from './sandbox-signature';

export interface SandboxOptions {
  readonly secret: string;
  /** How far (seconds) a callback's timestamp may be from its receipt (GATEWAY_CALLBACK_WINDOW_SECONDS). */
  readonly callbackWindowSeconds: number;
  /** Pay-ins complete by themselves (by the gateway's success rate) instead of waiting for the payer. */
  readonly autoPay: boolean;
  /** Overrides every gateway's latency (tests use 0). */
  readonly latencyMs?: number;
  /** Share (ppm) of callbacks sent twice, to exercise de-duplication. */
  readonly duplicatePpm: number;
  /** Posts a signed callback to the product; answers the HTTP status. */
  readonly deliver: (body: string, headers: Record<string, string>) => Promise<number>;
}

/**
 * Outcomes chosen by amount, for tests (minor units modulo 100): 1 fails, 2 never answers (a
 * timeout: only a status query settles it), 3 succeeds; anything else waits for the payer
 * (pay-ins) or follows the gateway's success rate (pay-outs, and pay-ins with autoPay or at a
 * gateway set to pay alone). A
 * pay-out ending in 4 is refused when it is handed over (`PAYOUT_REFUSED_TAIL`).
 */
export function outcomeByAmount(amount: bigint): 'failed' | 'silent' | 'success' | null {
  const tail = amount % 100n;
  if (tail === 1n) return 'failed';
  if (tail === 2n) return 'silent';
  if (tail === 3n) return 'success';
  return null;
}

/** The minor units (modulo 100) of a pay-out the sandbox refuses at once (no transfer tried). */
export const PAYOUT_REFUSED_TAIL = 4n;

const REFUND_PREFIX = 'SBX-RF-';
const DISPUTE_PREFIX = 'SBX-DP-';

/** The kind of a sandbox reference (`SBX-PI-…`, `SBX-PO-…`, `SBX-RF-…`, `SBX-DP-…`). */
const kindOfReference = (reference: string): GatewayKind =>
  reference.startsWith('SBX-PI-')
    ? 'payin'
    : reference.startsWith(REFUND_PREFIX)
      ? 'refund'
      : reference.startsWith(DISPUTE_PREFIX)
        ? 'dispute'
        : 'payout';

/** The sandbox's dispute fee: 1% of the disputed amount, rounded down (ppm). */
export const SANDBOX_DISPUTE_FEE_PPM = 10_000n;

/**
 * How the sandbox rules a dispute once the merchant answered (docs/money.md, Disputes): an
 * accepted dispute is lost; with evidence it is won when a proof is given (a shipping or service
 * proof in words, or at least one evidence file) and, for `fraudulent`, the customer
 * communication too; else lost. A win gives the dispute fee back, except for reason code
 * `general`.
 */
export function sandboxDisputeRuling(answer: Pick<DisputeAnswer, 'evidence' | 'reasonCode'>): {
  outcome: 'success' | 'failed';
  feeReturned: boolean;
} {
  const e = answer.evidence;
  const won =
    !!e &&
    (e.serviceProof.trim() !== '' || e.fileCount > 0) &&
    (answer.reasonCode !== 'fraudulent' || e.customerCommunication.trim() !== '');
  return {
    outcome: won ? 'success' : 'failed',
    feeReturned: won && answer.reasonCode !== 'general',
  };
}

/** A stable draw in [0, 1e6) from a reference, so sandbox outcomes are deterministic. */
export function drawPpm(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) % 1_000_000;
}

/** The sandbox's reference and hosted page for a pay-in (what `startPayin` answers). */
export function sandboxPayinPage(refId: string) {
  return { reference: `SBX-PI-${refId}`, paymentUrl: `/sandbox/pay/${refId}` };
}

/** A sandbox callback's event id: the payment's reference and outcome. */
export const sandboxEventId = (reference: string, status: 'success' | 'failed') =>
  `${reference}:${status}`;

/** The body of a sandbox callback, as the sandbox signs and sends it. */
export function sandboxCallbackBody(
  p: Pick<SandboxPayment, 'reference' | 'gateway_code' | 'kind' | 'merchant_ref'>,
  status: 'success' | 'failed',
  extra: Record<string, unknown> = {},
) {
  return JSON.stringify({
    event_id: sandboxEventId(p.reference, status),
    gateway_code: p.gateway_code,
    kind: p.kind,
    merchant_ref: p.merchant_ref,
    status,
    ...extra,
  });
}

/** A sandbox callback's body, read (its signature checked already); null when it is none. */
function parseSandboxCallback(rawBody: string): GatewayCallback | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const kind = String(body.kind);
  if (!isGatewayKind(kind)) return null;
  if (body.status !== 'success' && body.status !== 'failed') return null;
  return {
    eventId: String(body.event_id),
    gatewayCode: String(body.gateway_code),
    kind,
    refId: String(body.merchant_ref),
    status: body.status,
    // A ruling's fee given back (only a dispute's ruling says it).
    ...(typeof body.fee_returned === 'boolean' ? { feeReturned: body.fee_returned } : {}),
  };
}

/** The sandbox's new payment of `kind` for a start request, under its reference. */
const newPayment = (
  kind: GatewayKind,
  reference: string,
  req: StartRequest,
): Omit<SandboxPayment, 'status'> => ({
  reference,
  gateway_code: req.gatewayCode,
  kind,
  merchant_ref: req.refId,
  amount: req.amount,
  currency: req.currency,
});

/** The sandbox payment gateway: served by this product, behind the connector interface. */
export class SandboxGateway implements PaymentConnector {
  readonly name = 'sandbox';
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Payments are opened through a group commit: concurrent starts share one transaction. */
  private readonly opening: GroupCommit<Omit<SandboxPayment, 'status'>, void>;

  constructor(
    private readonly db: Db,
    private readonly options: SandboxOptions,
  ) {
    this.opening = new GroupCommit(db, {
      many: async (tx, ps) => {
        await insertSandboxPayments(tx, ps);
        return ps.map(() => undefined);
      },
      one: (tx, p) => insertSandboxPayment(tx, p),
      key: (p) => p.reference,
      batchIsOneStatement: true,
      maxConcurrent: db.kind === 'pglite' ? 1 : 3,
    });
  }

  async startPayin(req: StartRequest) {
    const behaviour = await this.behaviourToStart(req.gatewayCode);
    const page = sandboxPayinPage(req.refId);
    const reference = page.reference;
    await this.opening.submit(newPayment('payin', reference, req));
    const rule = outcomeByAmount(req.amount);
    if (rule === 'success' || rule === 'failed') this.schedule(reference, rule, req.gatewayCode);
    else if (rule === null && (this.options.autoPay || behaviour.sandbox_pays_alone))
      this.scheduleByRate(reference, req.gatewayCode, behaviour);
    return page;
  }

  async startPayout(req: StartRequest) {
    const behaviour = await this.behaviourToStart(req.gatewayCode);
    if (req.amount % 100n === PAYOUT_REFUSED_TAIL)
      throw new Error('The beneficiary bank does not accept this transfer');
    return this.startOutgoing('payout', `SBX-PO-${req.refId}`, req, behaviour);
  }

  /** Refunds follow the amount rules and the gateway's success rate, as pay-outs do. */
  async startRefund(req: StartRequest) {
    const behaviour = await this.behaviourToStart(req.gatewayCode);
    return this.startOutgoing('refund', `${REFUND_PREFIX}${req.refId}`, req, behaviour);
  }

  /**
   * The gateway's behaviour for a hand-over; a gateway set to refuse hand-overs (an outage,
   * `setSandboxBehaviour`) refuses it here, before anything is recorded, as a gateway that is
   * down answers.
   */
  private async behaviourToStart(gatewayCode: string): Promise<SandboxBehaviour> {
    const behaviour = await sandboxBehaviourOf(this.db, gatewayCode);
    if (behaviour.sandbox_refuses_hand_overs)
      throw new Error(`${gatewayCode} is not taking payments (sandbox outage)`);
    return behaviour;
  }

  /**
   * Records money sent out (a pay-out, a refund) under `reference` and schedules its callback:
   * by the amount's rule (`outcomeByAmount`), else by the gateway's success rate.
   */
  private async startOutgoing(
    kind: 'payout' | 'refund',
    reference: string,
    req: StartRequest,
    behaviour: SandboxBehaviour,
  ) {
    await recordSandboxHandOver(this.db, newPayment(kind, reference, req));
    const rule = outcomeByAmount(req.amount);
    if (rule === 'success' || rule === 'failed') this.schedule(reference, rule, req.gatewayCode);
    else if (rule === null) this.scheduleByRate(reference, req.gatewayCode, behaviour);
    return { reference };
  }

  /** Opens a dispute on a pay-in of ours, as a payer's bank would; it waits for the answer. */
  async openDispute(req: StartRequest & { readonly reasonCode: string }) {
    const reference = `${DISPUTE_PREFIX}${req.refId}`;
    await insertSandboxPayment(this.db, newPayment('dispute', reference, req));
    return { reference, fee: (req.amount * SANDBOX_DISPUTE_FEE_PPM) / 1_000_000n };
  }

  /** Rules a dispute on the merchant's answer (`sandboxDisputeRuling`) and calls back. */
  async answerDispute(answer: DisputeAnswer) {
    const ruling = sandboxDisputeRuling(answer);
    this.schedule(answer.reference, ruling.outcome, answer.gatewayCode, 0, {
      fee_returned: ruling.feeReturned,
    });
    return Promise.resolve();
  }

  async queryStatus(kind: GatewayKind, refId: string): Promise<GatewayOutcome> {
    return (await findSandboxPayment(this.db, kind, refId))?.status ?? 'failed';
  }

  /**
   * A dispute's ruling as the sandbox keeps it: won (`success`) or lost, with whether the fee
   * was given back; `pending` while it waits for the merchant's answer, or for a dispute it
   * does not know (never a loss it did not rule).
   */
  async queryDisputeRuling(refId: string): Promise<DisputeRuling> {
    const p = await findSandboxPayment(this.db, 'dispute', refId);
    return { outcome: p?.status ?? 'pending', feeReturned: p?.fee_returned === true };
  }

  /** The sandbox's signature, window and body, checked as every connector's (`verifySignedCallback`). */
  verifyCallback(request: CallbackRequest): CallbackVerdict {
    return verifySignedCallback(request, {
      timestampHeader: SANDBOX_TIMESTAMP_HEADER,
      signatureHeader: SANDBOX_SIGNATURE_HEADER,
      sign: (timestamp, rawBody) => signSandbox(this.options.secret, timestamp, rawBody),
      windowSeconds: this.options.callbackWindowSeconds,
      parse: parseSandboxCallback,
    });
  }

  /** The payer's choice on the hosted page; false when the payment was already settled. */
  async completeFromPage(refId: string, outcome: 'success' | 'failed'): Promise<boolean> {
    const payment = await findSandboxPayment(this.db, 'payin', refId);
    if (!payment || payment.status !== 'pending') return false;
    this.schedule(payment.reference, outcome, payment.gateway_code);
    return true;
  }

  /**
   * Sends a callback for a payment as the gateway would, `copies` times at once (tests use it
   * for duplicates and out-of-order deliveries). Returns the HTTP statuses answered.
   */
  async sendCallback(
    p: Pick<SandboxPayment, 'reference' | 'gateway_code' | 'kind' | 'merchant_ref'>,
    status: 'success' | 'failed',
    copies = 1,
    extra: Record<string, unknown> = {},
  ) {
    // Each delivery is a message of its own (its delivery id, timestamp and signature), as a
    // gateway redelivers: a copy is judged by its event id (a duplicate, applied once), while
    // the same bytes twice would be a replay (refused).
    return Promise.all(
      Array.from({ length: copies }, () => {
        const body = sandboxCallbackBody(p, status, { ...extra, delivery_id: randomUUID() });
        return this.options.deliver(body, sandboxDeliveryHeaders(this.options.secret, body));
      }),
    );
  }

  /** Resolves when every scheduled completion and callback has been delivered. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private scheduleByRate(reference: string, gatewayCode: string, behaviour: SandboxBehaviour) {
    const outcome = drawPpm(reference) < behaviour.sandbox_success_ppm ? 'success' : 'failed';
    this.schedule(reference, outcome, gatewayCode, behaviour.sandbox_latency_ms);
  }

  private schedule(
    reference: string,
    outcome: 'success' | 'failed',
    gatewayCode: string,
    latency = 0,
    extra: Record<string, unknown> = {},
  ) {
    const wait = this.options.latencyMs ?? latency;
    const job = (async () => {
      await new Promise((r) => setTimeout(r, wait));
      const feeReturned = typeof extra.fee_returned === 'boolean' ? extra.fee_returned : null;
      if (!(await settleSandboxPayment(this.db, reference, outcome, feeReturned))) return;
      const kind = kindOfReference(reference);
      const merchantRef = reference.slice(7);
      const copies = drawPpm(`${reference}:dup`) < this.options.duplicatePpm ? 2 : 1;
      for (let attempt = 0; attempt < 5; attempt++) {
        const statuses = await this.sendCallback(
          { reference, gateway_code: gatewayCode, kind, merchant_ref: merchantRef },
          outcome,
          copies,
          extra,
        );
        if (statuses.some((s) => s >= 200 && s < 300)) return;
        await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    })().catch(() => undefined);
    this.inFlight.add(job);
    void job.finally(() => this.inFlight.delete(job));
  }
}
