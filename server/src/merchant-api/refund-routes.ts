import {
  apiCreateRefund,
  apiListQuery,
  PAYIN_STATUSES,
  REFUND_STATUSES,
  readPositiveAmount,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { readPlatformSettings } from '../modules/app-settings/settings.service';
import {
  findPayinByOrderId,
  PAYIN_AFTER_CARE_COLUMNS,
  type PayinWithAfterCare,
} from '../modules/payins/payins.service';
import { sendRefundToGateway } from '../modules/refunds/refund-flow';
import { createRefund, refundsTable, type RefundRecord } from '../modules/refunds/refunds.service';
import { apiRoute, type ApiSurface } from './api-route';
import { apiRefundView, merchantListPage, readListQuery } from './api-lists';
import { registerApiReads, type ApiReads } from './api-read-routes';
import { runIdempotent } from './idempotency';
import { apiPayinView } from './merchant-api-views';
import { ApiFailure } from './merchant-auth';
import { judgeNotifyUrl } from './notify-url-judge';

const payinQuery = apiListQuery(PAYIN_STATUSES);

/** The refunds' list and read (`GET /refunds`, `GET /refunds/{id}`). */
const REFUND_READS: ApiReads<RefundRecord> = {
  path: '/refunds',
  table: 'refunds',
  alias: refundsTable.alias,
  columns: refundsTable.columns,
  query: apiListQuery(REFUND_STATUSES),
  view: apiRefundView,
  noun: 'refund',
};

/** The pay-in a refund request names by id or by order id (404 when none of the merchant's). */
async function payinOfRequest(
  db: Db,
  merchantId: string,
  body: { payin_id?: string; order_id?: string },
) {
  const payin = body.payin_id
    ? await db
        .query<{ id: string; currency: string }>(
          'SELECT id, currency FROM payins WHERE id = $1 AND merchant_account_id = $2',
          [body.payin_id, merchantId],
        )
        .then((r) => r.rows[0] ?? null)
    : await findPayinByOrderId(db, merchantId, body.order_id!);
  if (!payin) throw new ApiFailure(404, 'not_found', 'No pay-in of yours has this id');
  return payin;
}

/**
 * The merchant API's refunds (`POST /refunds`, `GET /refunds/{id}`, `GET /refunds`) and its
 * pay-in list (`GET /payins`): signed as every route, writes idempotent by their key.
 */
export function registerRefundRoutes(
  api: FastifyInstance,
  surface: ApiSurface,
  db: Db,
  config: Config,
) {
  api.post(
    '/refunds',
    apiRoute(surface, apiCreateRefund, async (call) => {
      const { merchantId, input } = call;
      const payin = await payinOfRequest(db, merchantId, input);
      const read = readPositiveAmount(input.amount, payin.currency);
      if (!read.ok) throw new ApiFailure(400, 'bad_request', `amount ${read.message}`);
      const returnsPayinFee =
        (await readPlatformSettings(db, config)).refund_returns_payin_fee === 1;
      const result = await runIdempotent(
        db,
        call,
        (_key, _hash, guard, save) =>
          db.transaction(async (tx) => {
            await guard(tx);
            const refund = await createRefund(tx, {
              merchantId,
              payinId: payin.id,
              amount: read.minor,
              reason: input.reason ?? '',
              merchantRefundId: input.merchant_refund_id ?? null,
              notifyUrl: input.notify_url,
              createdBy: null,
              at: new Date(),
              returnsPayinFee,
            });
            const body = apiRefundView(refund);
            await save(tx, body);
            return body;
          }),
        judgeNotifyUrl(input.notify_url, config),
      );
      if (result.status === 201) await sendRefundToGateway(db, (result.body as { id: string }).id);
      return result;
    }),
  );

  registerApiReads(api, surface, db, REFUND_READS);

  api.get(
    '/payins',
    apiRoute(surface, undefined, async ({ request, merchantId }) => {
      const query = readListQuery(payinQuery, request.query);
      const page = await merchantListPage<PayinWithAfterCare>(
        db,
        { table: 'payins', alias: 'p', columns: PAYIN_AFTER_CARE_COLUMNS },
        merchantId,
        query,
      );
      return {
        status: 200,
        body: {
          data: page.rows.map((p) => apiPayinView(p, config.publicUrl)),
          has_more: page.hasMore,
        },
      };
    }),
  );
}
