// Node 18 or later, no dependencies: create a pay-in, then read it back.
import { createHmac, randomUUID } from 'node:crypto';

const BASE_URL = process.env.API_BASE_URL ?? 'http://localhost:3000';
const KEY_ID = process.env.API_KEY_ID ?? 'YOUR_KEY_ID';
const SECRET = process.env.API_SECRET ?? 'YOUR_SECRET';

/** Sends a signed request; `path` is the full path, /api/v1 included, as it is signed. */
async function signedRequest(method, path, body) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const idempotencyKey = method === 'POST' ? randomUUID() : '';
  // The v2 signed string: six lines (v2, timestamp, METHOD, path, Idempotency-Key, body).
  const signed = ['v2', timestamp, method, path, idempotencyKey, raw].join('\n');
  const signature = createHmac('sha256', SECRET).update(signed).digest('hex');
  const headers = { 'X-Api-Key': KEY_ID, 'X-Timestamp': timestamp, 'X-Signature': signature };
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    headers['Idempotency-Key'] = idempotencyKey;
  }
  const response = await fetch(BASE_URL + path, { method, headers, body: raw || undefined });
  return { status: response.status, body: await response.json() };
}

const created = await signedRequest('POST', '/api/v1/payins', {
  amount: '1000.00',
  currency: 'THB',
  order_id: `order-${Date.now()}`,
});
console.log(JSON.stringify(created));
const read = await signedRequest('GET', `/api/v1/payins/${created.body.id}`);
console.log(JSON.stringify(read));
