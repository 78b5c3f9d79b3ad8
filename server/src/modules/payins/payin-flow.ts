import type { Db, Queryable } from '../../db/db';
import { connectorFor } from '../../connectors/connector';
import { gatewayRoute } from '../gateways/gateways.service';
import {
  changePayins,
  createPayins,
  PAYIN_TTL_MS,
  type NewPayin,
  type PayinChange,
} from './payins.service';
import { findExpiredPayinIds, type PayinRecord } from './payins.queries';
import { repointAfterRefusal } from './payin-fallback';
import { FALLBACKS_AT_HAND_OVER } from '../routing/hand-over-fallback';

type GatewayPage = { reference: string; paymentUrl: string } | null;

/** Asks the pay-in's gateway for a payment page, outside any transaction; null when it refuses. */
export async function askGatewayForPage(db: Db, payin: PayinRecord): Promise<GatewayPage> {
  const route = await gatewayRoute(db, payin.gateway_id);
  try {
    return await connectorFor(db, route.connector).startPayin({
      refId: payin.id,
      gatewayCode: route.code,
      amount: payin.amount,
      currency: payin.currency,
    });
  } catch {
    return null;
  }
}

/**
 * Asks the pay-in's gateway for a payment page (`askGatewayForPage`); when it refuses and a
 * routing profile sent the pay-in there, the pay-in is re-pointed at the next gateway routing
 * picks without those that refused (`repointAfterRefusal`) and that one is asked, up to
 * `FALLBACKS_AT_HAND_OVER` times. Answers the pay-in as it now stands and the page (null: every
 * gateway asked refused, or there was none to fall back to).
 */
export async function startAtGateway(
  db: Db,
  payin: PayinRecord,
): Promise<{ payin: PayinRecord; page: GatewayPage }> {
  let current = payin;
  for (let fallbacks = 0; ; fallbacks++) {
    const page = await askGatewayForPage(db, current);
    if (page || fallbacks === FALLBACKS_AT_HAND_OVER) return { payin: current, page };
    const next = await repointAfterRefusal(db, current);
    if (!next) return { payin: current, page };
    current = next;
  }
}

/** The transition a gateway's answer makes: processing with its page, or failed. */
export function startedChange(payin: PayinRecord, started: GatewayPage, at: Date): PayinChange {
  return started
    ? {
        id: payin.id,
        status: 'processing',
        at,
        reference: started.reference,
        paymentUrl: started.paymentUrl,
      }
    : { id: payin.id, status: 'failed', at };
}

/** The pay-in as it stands after that transition. */
export function startedPayin(
  payin: PayinRecord,
  started: GatewayPage,
  status: PayinRecord['status'] | null | undefined,
): PayinRecord {
  return {
    ...payin,
    status: status ?? payin.status,
    payment_url: started?.paymentUrl ?? '',
    gateway_reference: started?.reference ?? '',
  };
}

/**
 * Opens a pay-in: created (with `onCreated` in the same transaction, e.g. the idempotency
 * record), then the gateway is asked for a payment page outside any transaction (another, when
 * it refuses and a profile routed it: `startAtGateway`), then the pay-in moves to processing
 * (with `onStarted`). When no gateway takes it, the pay-in fails.
 */
export async function openPayin(
  db: Db,
  input: NewPayin,
  hooks: {
    beforeCreate?: (tx: Queryable) => Promise<void>;
    onCreated?: (tx: Queryable, p: PayinRecord) => Promise<void>;
    onStarted?: (tx: Queryable, p: PayinRecord) => Promise<void>;
  } = {},
): Promise<PayinRecord> {
  const payin = await db.transaction(async (tx) => {
    await hooks.beforeCreate?.(tx);
    const [p] = await createPayins(tx, [input]);
    await hooks.onCreated?.(tx, p!);
    return p!;
  });
  const { payin: handed, page: started } = await startAtGateway(db, payin);
  const at = new Date();
  return db.transaction(async (tx) => {
    const [r] = await changePayins(tx, [startedChange(handed, started, at)]);
    const current = startedPayin(handed, started, r?.status);
    await hooks.onStarted?.(tx, current);
    return current;
  });
}

/**
 * Settles open pay-ins past their expiry: the gateway is asked first (a timeout may hide a
 * payment that went through), then each moves to success, failed or expired.
 */
export async function sweepExpiredPayins(db: Db, now = new Date(), limit = 200): Promise<number> {
  const ids = await findExpiredPayinIds(db, now, limit, PAYIN_TTL_MS);
  let changed = 0;
  for (const id of ids) {
    const { rows } = await db.query<{ gateway_id: string }>(
      'SELECT gateway_id FROM payins WHERE id = $1',
      [id],
    );
    const route = await gatewayRoute(db, rows[0]!.gateway_id);
    const outcome = await connectorFor(db, route.connector)
      .queryStatus('payin', id)
      .catch(() => 'pending' as const);
    const steps =
      outcome === 'success'
        ? [
            { id, status: 'processing' as const, at: now },
            { id, status: 'success' as const, at: now },
          ]
        : [
            {
              id,
              status: outcome === 'failed' ? ('failed' as const) : ('expired' as const),
              at: now,
            },
          ];
    const results = await db.transaction((tx) => changePayins(tx, steps));
    if (results.some((r) => r.applied)) changed++;
  }
  return changed;
}
