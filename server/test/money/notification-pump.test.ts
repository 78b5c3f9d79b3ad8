import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNotificationPump } from '../../src/modules/merchant-notifications/notification-pump';
import { enqueueNotifications } from '../../src/modules/merchant-notifications/notifications.queries';
import { startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * The notification pump keeps deliveries flowing on their own loop: more than one round's
 * worth is sent without waiting for the money jobs' second, never more than its concurrency
 * at once, each notification once, and stopping waits for what is in flight. A real local
 * receiver that holds answers until several deliveries are waiting (so concurrency shows).
 */

const TOTAL = 150;
const CONCURRENCY = 8;

let t: MoneyApp;
let receiver: Server;
let port = 0;
const events: string[] = [];
const held: ServerResponse[] = [];
let waiting = 0;
let mostAtOnce = 0;

/** Answers the held requests once four wait, or when the rest of the queue is all there is. */
function releaseWhenDue() {
  if (held.length >= 4 || events.length === TOTAL) {
    for (const res of held.splice(0)) res.writeHead(200).end('ok');
  }
}

beforeAll(async () => {
  // The receiver is local (http on 127.0.0.1).
  t = await startMoneyApp({ NOTIFY_ALLOW_LOCAL: '1' });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      waiting += 1;
      mostAtOnce = Math.max(mostAtOnce, waiting);
      res.once('finish', () => (waiting -= 1));
      events.push(String((JSON.parse(body) as { order_id: string }).order_id));
      held.push(res);
      releaseWhenDue();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((done) => receiver.close(done));
  await t?.close();
});

describe('the notification pump', () => {
  it('delivers a backlog larger than a round, at most its concurrency at once, each once', async () => {
    const merchantId = await t.accountId('MER00001');
    const orders = Array.from({ length: TOTAL }, (_, i) => `pump-${i}`);
    const at = new Date(Date.now() - 1_000);
    await enqueueNotifications(
      t.db,
      orders.map((order) => ({
        merchantId,
        refType: 'payin' as const,
        refId: randomUUID(),
        url: `http://127.0.0.1:${port}/notify`,
        payload: { order_id: order, status: 'success' },
        at,
      })),
    );
    const errors: unknown[] = [];
    const stop = startNotificationPump(
      t.db,
      { ...t.config, notifyMaxAttempts: 3 },
      // A failed delivery's warning is an error here too: every one should be delivered.
      { error: (o) => errors.push(o), warn: (o) => errors.push(o) },
      CONCURRENCY,
    );
    const deadline = Date.now() + 60_000;
    const delivered = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            "SELECT count(*) AS n FROM merchant_notifications WHERE status = 'delivered' AND payload->>'order_id' LIKE 'pump-%'",
          )
        ).rows[0]!.n,
      );
    while ((await delivered()) < TOTAL && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await stop();
    expect(await delivered()).toBe(TOTAL);
    expect([...events].sort()).toEqual([...orders].sort());
    expect(mostAtOnce).toBeGreaterThan(1);
    expect(mostAtOnce).toBeLessThanOrEqual(CONCURRENCY);
    expect(errors).toEqual([]);
  });
});
