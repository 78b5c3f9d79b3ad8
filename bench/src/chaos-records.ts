import { writeFileSync } from 'node:fs';
import type { ChaosAnswer } from './chaos-http';

/** The merchant-API writes the chaos clients make. */
export type ChaosOp = 'payin' | 'payout' | 'refund';

/**
 * One attempt of one write, as its client saw it (a line of `records.jsonl`): the checks read
 * only these and the databases. `variant` `changed` is a second request under a key that was
 * answered 2xx, with another body: it must be refused and change nothing.
 */
export interface ChaosRecord {
  readonly op: ChaosOp;
  readonly merchant: string;
  readonly key: string;
  /** The order id (a refund: its merchant_refund_id) this attempt's body carries. */
  readonly orderId: string;
  /** The amount this attempt's body carries, as sent. */
  readonly amount: string;
  readonly variant: 'first' | 'changed';
  readonly attempt: number;
  readonly sentAt: number;
  readonly answeredAt: number;
  readonly http: number;
  readonly code?: string;
  readonly retryAfter?: string;
  readonly failure?: string;
  readonly timedOut?: boolean;
  /** What a 2xx (or a 403 `risk_blocked`) answered. */
  readonly id?: string;
  readonly status?: string;
  readonly answeredAmount?: string;
}

/** What a write's body is, apart from how the attempt went. */
export type WriteOf = Pick<
  ChaosRecord,
  'op' | 'merchant' | 'key' | 'orderId' | 'amount' | 'variant'
>;

/** The fields of an answer that a record keeps. */
export function recordOf(
  write: WriteOf,
  attempt: number,
  sentAt: number,
  answer: ChaosAnswer,
): ChaosRecord {
  let body: { id?: unknown; status?: unknown; amount?: unknown; error?: { code?: unknown } } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    // not JSON (a proxy's or a crashed server's answer): the status says enough
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    ...write,
    attempt,
    sentAt,
    answeredAt: Date.now(),
    http: answer.http,
    ...(answer.retryAfter && { retryAfter: answer.retryAfter }),
    ...(answer.failure && { failure: answer.failure }),
    ...(answer.timedOut && { timedOut: true }),
    ...(text(body.error?.code) && { code: text(body.error?.code) }),
    ...(answer.http >= 200 && answer.http < 300
      ? { id: text(body.id), status: text(body.status), answeredAmount: text(body.amount) }
      : {}),
  };
}

/** Every attempt of the run, in the order answered. */
export class RecordBook {
  readonly all: ChaosRecord[] = [];

  add(record: ChaosRecord): void {
    this.all.push(record);
  }

  /** Writes the records as JSON lines (one attempt a line). */
  save(file: string): void {
    writeFileSync(file, this.all.map((r) => JSON.stringify(r)).join('\n') + '\n');
  }
}
