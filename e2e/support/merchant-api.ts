import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

/**
 * Signs a merchant API request as docs/merchant-api.md says: HMAC over the v2 string, the lines
 * `v2`, timestamp, METHOD, path, Idempotency-Key (sent too when given), body.
 */
export function signedHeaders(
  keyId: string,
  secret: string,
  method: string,
  path: string,
  body: string,
  idempotencyKey = '',
) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret)
    .update(['v2', timestamp, method, path, idempotencyKey, body].join('\n'))
    .digest('hex');
  return {
    'content-type': 'application/json',
    'x-api-key': keyId,
    'x-timestamp': timestamp,
    'x-signature': signature,
    ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
  };
}

/** A signed `POST /api/v1/payins` of 120.00 THB (or `extra` fields) with its own idempotency key. */
export async function postPayin(
  baseUrl: string,
  key: { keyId: string; secret: string },
  orderId: string,
  extra: Record<string, string> = {},
) {
  const body = JSON.stringify({ amount: '120.00', currency: 'THB', order_id: orderId, ...extra });
  const response = await fetch(`${baseUrl}/api/v1/payins`, {
    method: 'POST',
    body,
    headers: signedHeaders(key.keyId, key.secret, 'POST', '/api/v1/payins', body, `e2e-${orderId}`),
  });
  return { status: response.status, body: (await response.json()) as { id?: string } };
}

/** Pays a sandbox pay-in as its payer would on the hosted page. */
export async function paySandboxPayin(baseUrl: string, payinId: string): Promise<number> {
  const paid = await fetch(`${baseUrl}/sandbox/pay/${payinId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
  });
  return paid.status;
}

/** Answers the open SweetAlert2 popup with its confirm button and waits for it to go. */
export async function confirmPopup(page: Page) {
  const popup = page.locator('.swal2-popup.swal2-show');
  await popup.waitFor();
  const text = (await popup.innerText()).trim();
  await popup.locator('.swal2-confirm').click();
  await page.waitForFunction((shown) => {
    const open = document.querySelector<HTMLElement>('.swal2-popup.swal2-show');
    return !open || open.innerText.trim() !== shown;
  }, text);
  return text;
}

export interface ReceivedNotification {
  body: string;
  headers: IncomingMessage['headers'];
}

/** A merchant's notify endpoint on 127.0.0.1: keeps what it receives, answers 200. */
export async function startHookServer() {
  const received: ReceivedNotification[] = [];
  let onReceive: () => void = () => undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      onReceive();
      res.end('thanks from the e2e hook');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/payments`,
    received,
    /** Waits (event-driven) until a notification mentioning `id` has arrived. */
    notificationAbout(id: string, timeoutMs = 60_000) {
      return new Promise<ReceivedNotification>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no notification about ${id}`)), timeoutMs);
        const check = () => {
          const hit = received.find((r) => r.body.includes(id));
          if (!hit) return;
          clearTimeout(timer);
          resolve(hit);
        };
        onReceive = check;
        check();
      });
    },
    close: () => new Promise((r) => server.close(r)),
  };
}
