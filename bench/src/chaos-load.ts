import { seededStream } from '../../server/src/core/seeded-random';
import type { ChaosOp, ChaosRecord, RecordBook } from './chaos-records';
import { sendWithRetries, type ApiWrite } from './chaos-writer';
import type { SoakMerchant } from './soak-world';

/** A pay-in the gateway paid (the courier says so): what a refund can be asked of. */
export interface PaidPayin {
  readonly id: string;
  readonly merchant: string;
}

export interface ChaosLoadOptions {
  readonly seed: number;
  /** Prefix of every order id, refund id and key of the run (`chaos-<seed>-<run>`). */
  readonly prefix: string;
  readonly base: () => string;
  readonly merchants: readonly SoakMerchant[];
  readonly notifyUrl: string;
  readonly seconds: number;
  readonly rates: Readonly<Record<ChaosOp, number>>;
  /** Share of writes answered 2xx that are sent again under their key with another body. */
  readonly changedShare: number;
  /** The next paid pay-in to refund, if any (each is refunded once). */
  readonly nextPaidPayin: () => PaidPayin | undefined;
  readonly book: RecordBook;
}

const PATHS: Record<ChaosOp, string> = {
  payin: '/api/v1/payins',
  payout: '/api/v1/payouts',
  refund: '/api/v1/refunds',
};

/** Whole baht from 100 to 999: the sandbox's amount rules (tails 1 to 4) never apply. */
const amountOf = (random: () => number) => `${100 + Math.floor(random() * 900)}.00`;

/** The body of the `n`-th write of `op`; null when there is nothing to write (no paid pay-in yet). */
function bodyOf(op: ChaosOp, o: ChaosLoadOptions, random: () => number, n: number) {
  const orderId = `${o.prefix}-${op}-${n}`;
  const notify_url = o.notifyUrl;
  if (op === 'refund') {
    const paid = o.nextPaidPayin();
    if (!paid) return null;
    const merchant = o.merchants.find((m) => m.code === paid.merchant)!;
    const fields = { payin_id: paid.id, amount: '10.00', merchant_refund_id: orderId, notify_url };
    return { merchant, orderId, fields };
  }
  const merchant = o.merchants[Math.floor(random() * o.merchants.length)]!;
  const common = { amount: amountOf(random), currency: 'THB', order_id: orderId, notify_url };
  const fields =
    op === 'payin'
      ? common
      : {
          ...common,
          bank_name: 'Chaos Bank',
          account_number: String(1_000_000_000 + Math.floor(random() * 8_999_999_999)),
          account_holder: 'Chaos Holder',
        };
  return { merchant, orderId, fields };
}

const writeOf = (
  op: ChaosOp,
  merchant: SoakMerchant,
  key: string,
  fields: Record<string, string>,
  variant: 'first' | 'changed',
): ApiWrite => ({
  op,
  merchant: merchant.code,
  key,
  orderId: fields.merchant_refund_id ?? fields.order_id!,
  amount: fields.amount!,
  variant,
  path: PATHS[op],
  body: JSON.stringify(fields),
  apiKey: merchant.apiKey,
});

/**
 * Another body under a key answered 2xx: another amount, and one time in two another order id
 * too. Sent only after the 2xx: before it, a released key could rightly take the new body.
 */
function changedBody(fields: Record<string, string>, renamed: boolean) {
  const amount = `${Number.parseInt(fields.amount!, 10) + 1}.00`;
  if (!renamed) return { ...fields, amount };
  return fields.merchant_refund_id
    ? { ...fields, amount, merchant_refund_id: `${fields.merchant_refund_id}-changed` }
    : { ...fields, amount, order_id: `${fields.order_id}-changed` };
}

/**
 * Sends `op` writes open-loop (the `n`-th due at n / rate seconds, whatever the earlier ones
 * are doing, as merchants do) for the window; each is retried under its key until answered
 * for good. Resolves when every write of the window has its last answer.
 */
export async function runChaosWrites(op: ChaosOp, o: ChaosLoadOptions): Promise<void> {
  const random = seededStream(o.seed, `clients:${op}`);
  const rate = o.rates[op];
  if (rate <= 0) return;
  const started = Date.now();
  const total = Math.floor(rate * o.seconds);
  const writes: Promise<unknown>[] = [];
  for (let n = 0; n < total; n++) {
    const wait = started + (n * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const made = bodyOf(op, o, random, n);
    if (!made) continue;
    const key = `${made.orderId}-key`;
    const changeLater = random() < o.changedShare;
    const renamed = random() < 0.5;
    writes.push(
      sendWithRetries(o.base, writeOf(op, made.merchant, key, made.fields, 'first'), o.book).then(
        (last: ChaosRecord) => {
          if (!changeLater || last.http < 200 || last.http >= 300) return;
          const fields = changedBody(made.fields, renamed);
          return sendWithRetries(
            o.base,
            writeOf(op, made.merchant, key, fields, 'changed'),
            o.book,
          );
        },
      ),
    );
  }
  await Promise.all(writes);
}
