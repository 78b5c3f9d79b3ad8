import type { Config } from '../../config/config';
import type { Db } from '../../db/db';
import {
  claimDueNotifications,
  recordAttempt,
  type DueNotification,
} from './notifications.queries';
import { signRequest } from '../../core/signature';

async function secretOf(
  db: Db,
  merchantId: string,
): Promise<{ keyId: string; secret: string } | null> {
  const { rows } = await db.query<{ key_id: string; secret: string }>(
    'SELECT key_id, secret FROM merchant_api_keys WHERE merchant_account_id = $1 AND revoked_at IS NULL ORDER BY created_at LIMIT 1',
    [merchantId],
  );
  return rows[0] ? { keyId: rows[0].key_id, secret: rows[0].secret } : null;
}

async function deliverOne(
  db: Db,
  n: DueNotification,
  timeoutMs: number,
): Promise<{ httpStatus: number | null; error: string }> {
  const body = JSON.stringify(n.payload);
  const key = await secretOf(db, n.merchant_account_id);
  const timestamp = String(Math.floor(Date.now() / 1000));
  let path: string;
  try {
    const url = new URL(n.url);
    path = url.pathname + url.search;
  } catch {
    return { httpStatus: null, error: 'the notify URL is not valid' };
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
  };
  if (key) {
    headers['x-api-key'] = key.keyId;
    headers['x-signature'] = signRequest(key.secret, timestamp, 'POST', path, body);
  }
  try {
    const response = await fetch(n.url, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { httpStatus: response.status, error: '' };
  } catch (error) {
    return { httpStatus: null, error: error instanceof Error ? error.message : 'delivery failed' };
  }
}

/**
 * Sends every due merchant notification once (signed like API requests), logging each attempt;
 * a failure is retried later with exponential back-off. Answers how many were attempted.
 */
export async function deliverDueNotifications(
  db: Db,
  config: Pick<Config, 'notifyMaxAttempts'>,
  now = new Date(),
  limit = 50,
) {
  const due = await db.transaction((tx) => claimDueNotifications(tx, now, limit));
  await Promise.all(
    due.map(async (n) => {
      const result = await deliverOne(db, n, 5_000);
      await recordAttempt(db, n, result, config.notifyMaxAttempts);
    }),
  );
  return due.length;
}
