import type { PayinStatus } from '@bo/contract';
import { DEFAULT_NOTIFY_MAX_ATTEMPTS, DEFAULT_SANDBOX_DUPLICATE_PPM } from '../config/config';
import type { Queryable } from '../db/db';
import {
  drawPpm,
  sandboxCallbackBody,
  sandboxEventId,
  sandboxPayinPage,
} from '../connectors/sandbox/sandbox-gateway';
import { applyCallbackBatchIn } from '../modules/gateway-callbacks/gateway-events';
import { findGatewayCodes } from '../modules/gateways/gateways.service';
import {
  NOTIFY_TIMEOUT_MS,
  recordPastDeliveries,
  retryDelaySeconds,
  type PastAttempt,
} from '../modules/merchant-notifications/merchant-notifications.service';
import { startedChange } from '../modules/payins/payin-flow';
import { changePayins, PAYIN_TTL_MS, type PayinRecord } from '../modules/payins/payins.service';
import { LONE_WRITER_SLOT } from '../ledger/rollups';

/**
 * The latest days of demo history whose pay-ins leave the logs production leaves: a callback
 * per result in the gateway log (2 % delivered twice) and a merchant notification with its
 * delivery attempts. Older days are written by the same lifecycle without those rows: one
 * log row per pay-in for all 90 days would take the data folder past its 300 MB.
 */
export const DEMO_LOGGED_DAYS = 7;

/** Where a demo merchant's integration is told about results (each API request names it). */
export const demoNotifyUrl = (merchantCode: string) =>
  `https://shop.${merchantCode.toLowerCase()}.example/payments/notify`;

/** A uniform draw in (0, 1) from a name: the same every run. */
const uniform = (key: string) => (drawPpm(key) + 0.5) / 1_000_000;

/** A standard normal draw from a name (Box–Muller). */
const normal = (key: string) =>
  Math.sqrt(-2 * Math.log(uniform(`${key}:1`))) * Math.cos(2 * Math.PI * uniform(`${key}:2`));

/**
 * Seconds from a pay-in's creation to its gateway's result: log-normal around 50 s for a
 * payment (20 s for a refusal), and 1.5 % of payers who leave and come back 5 to 25 minutes
 * later; always before the pay-in expires.
 */
export function demoSecondsToResult(id: string, result: 'success' | 'failed'): number {
  const typical = result === 'success' ? 50 : 20;
  let seconds = Math.max(3, typical * Math.exp(0.9 * normal(`${id}:took`)));
  if (uniform(`${id}:slow`) < 0.015) seconds += 300 + uniform(`${id}:slow-by`) * 1_200;
  return Math.min(seconds, PAYIN_TTL_MS / 1000 - 60);
}

const FAILURES: readonly Omit<PastAttempt, 'at' | 'latencyMs'>[] = [
  {
    httpStatus: 503,
    error: '',
    excerpt: '<html><body><h1>503 Service Unavailable</h1></body></html>',
  },
  { httpStatus: 500, error: '', excerpt: '{"error":"internal error"}' },
  { httpStatus: 502, error: '', excerpt: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
  { httpStatus: null, error: 'could not connect', excerpt: '' },
  { httpStatus: null, error: `no answer within ${NOTIFY_TIMEOUT_MS} ms`, excerpt: '' },
];

/**
 * The delivery attempts of the notification about `refId`, first sent at `at`: 92 % answered
 * at once, 6.5 % after one to three failures, 0.3 % never (abandoned); each retry after the
 * notifier's back-off. A history that would run past `until` is answered at once instead.
 */
export function demoDeliveryAttempts(refId: string, at: Date, until: Date): PastAttempt[] {
  const draw = drawPpm(`${refId}:notify`);
  const failures =
    draw < 920_000
      ? 0
      : draw < 985_000
        ? 1 + (draw % 3)
        : draw < 997_000
          ? 0
          : DEFAULT_NOTIFY_MAX_ATTEMPTS;
  const attempts: PastAttempt[] = [];
  let t = at.getTime() + 50 + Math.floor(uniform(`${refId}:notify-wait`) * 300);
  for (let n = 1; n <= Math.min(failures + 1, DEFAULT_NOTIFY_MAX_ATTEMPTS); n++) {
    const failed = n <= failures;
    const failure = FAILURES[drawPpm(`${refId}:${n}:why`) % FAILURES.length]!;
    // A receiver that never answered held the attempt for the whole delivery timeout.
    const timedOut = failed && failure.error.startsWith('no answer within');
    const latencyMs = timedOut
      ? NOTIFY_TIMEOUT_MS + (n % 7)
      : 40 + (drawPpm(`${refId}:${n}:ms`) % 310);
    attempts.push(
      failed
        ? { ...failure, latencyMs, at: new Date(t) }
        : { httpStatus: 200, error: '', excerpt: 'OK', latencyMs, at: new Date(t) },
    );
    t += latencyMs + retryDelaySeconds(n) * 1000;
  }
  if (attempts.at(-1)!.at > until)
    return [{ httpStatus: 200, error: '', excerpt: 'OK', latencyMs: 90, at: attempts[0]!.at }];
  return attempts;
}

/** A day's pay-ins, just created, with the result each will reach. */
export interface CreatedDemoPayin {
  readonly payin: PayinRecord;
  readonly final: PayinStatus;
}

/**
 * Moves a day's new pay-ins on as the merchant API and the gateways did: the gateway's page
 * (processing, a moment after creation), then the result after a time of its own, never
 * later than `until`. With `logged`, results arrive as signed sandbox callbacks through the
 * gateway-callback path and each notification gets its delivery history; expiries are the
 * sweep's (`changePayins`) either way.
 */
export async function settleDemoPayins(
  tx: Queryable,
  created: readonly CreatedDemoPayin[],
  { logged, until }: { logged: boolean; until: Date },
): Promise<void> {
  const upTo = (ms: number) => new Date(Math.min(ms, until.getTime()));
  const startedAt = (p: PayinRecord) =>
    upTo(p.created_at.getTime() + 150 + (drawPpm(`${p.id}:start`) % 750));
  const resultAt = ({ payin, final }: CreatedDemoPayin) =>
    upTo(
      final === 'expired'
        ? payin.expires_at.getTime() + 1_000 + (drawPpm(`${payin.id}:sweep`) % 4_000)
        : Math.max(
            startedAt(payin).getTime() + 1,
            payin.created_at.getTime() +
              Math.round(demoSecondsToResult(payin.id, final as 'success' | 'failed') * 1000),
          ),
    );
  // One statement for the starts and the results written directly (each row moved once).
  const direct = (c: CreatedDemoPayin) => !logged || c.final === 'expired';
  await changePayins(
    tx,
    created.flatMap((c) => [
      startedChange(c.payin, sandboxPayinPage(c.payin.id), startedAt(c.payin)),
      ...(direct(c) ? [{ id: c.payin.id, status: c.final, at: resultAt(c) }] : []),
    ]),
    { slot: LONE_WRITER_SLOT },
  );
  if (!logged) return;
  const paid = created.filter((c) => !direct(c));
  const codes = await findGatewayCodes(
    tx,
    paid.map((c) => c.payin.gateway_id),
  );
  const callbacks = paid.map((c) => {
    const status = c.final as 'success' | 'failed';
    const gatewayCode = codes.get(c.payin.gateway_id)!;
    const { reference } = sandboxPayinPage(c.payin.id);
    const raw = sandboxCallbackBody(
      { reference, gateway_code: gatewayCode, kind: 'payin', merchant_ref: c.payin.id },
      status,
    );
    const event = { eventId: sandboxEventId(reference, status), gatewayCode, raw };
    return { reference, event: { ...event, kind: 'payin' as const, refId: c.payin.id, status } };
  });
  await applyCallbackBatchIn(
    tx,
    'payin',
    callbacks.map((c, i) => ({ event: c.event, now: resultAt(paid[i]!) })),
  );
  // The sandbox delivers some callbacks twice (`SANDBOX_DUPLICATE_PPM`): kept as duplicates.
  await applyCallbackBatchIn(
    tx,
    'payin',
    callbacks.flatMap((c, i) =>
      drawPpm(`${c.reference}:dup`) < DEFAULT_SANDBOX_DUPLICATE_PPM
        ? [{ event: c.event, now: new Date(resultAt(paid[i]!).getTime() + 40) }]
        : [],
    ),
  );
  await recordPastDeliveries(
    tx,
    created.map((c) => ({
      refId: c.payin.id,
      attempts: demoDeliveryAttempts(c.payin.id, resultAt(c), until),
    })),
    DEFAULT_NOTIFY_MAX_ATTEMPTS,
  );
}
