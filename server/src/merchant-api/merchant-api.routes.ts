import { apiCreatePayin, apiCreatePayout, apiListQuery } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import type { Db } from '../db/db';
import { isUuid } from '../http/validation';
import { apiReadFacets } from '../modules/money-lookup/api-read-facet';
import { findPayinInScope } from '../modules/payins/payins.service';
import { findPayoutInScope } from '../modules/payouts/payouts.service';
import { amountOf, apiRoute, sendApiFailure } from './api-route';
import { registerApiReads } from './api-read-routes';
import { registerStatementRoute } from './statement-route';
import { registerBalanceRoute } from './balance-route';
import { runIdempotent } from './idempotency';
import { openApiPayout } from './payout-intake';
import { customerFacts } from './api-risk';
import { riskContextOf } from '../modules/risk/risk-context';
import { apiPayinView, apiPayoutView } from './merchant-api-views';
import { ApiFailure } from './merchant-auth';
import { judgeNotifyUrl } from './notify-url-judge';
import { buildOpenApiDocument, MERCHANT_API_BASE_PATH } from './openapi';
import { openApiPayin } from './payin-intake';
import { KeyRateLimiter } from './rate-limit';
import { registerDisputeRoutes } from './dispute-routes';
import { registerRefundRoutes } from './refund-routes';

/** A merchant sees only its own pay-ins and pay-outs. */
const merchantScope = (merchantId: string) =>
  ({ accountType: 'merchant', scopeAccountId: merchantId }) as const;

const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

/** The merchant API under /api/v1: signed JSON requests, idempotent writes. */
export async function registerMerchantApi(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<void> {
  const surface = {
    db,
    limiter: new KeyRateLimiter(db, {
      perSecond: config.apiRateLimitPerSecond,
      burst: config.apiRateLimitBurst,
    }),
  };
  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
      api.setErrorHandler((error, request, reply) => sendApiFailure(reply, error, request.log));

      api.post(
        '/payins',
        apiRoute(surface, apiCreatePayin, async (call) => {
          const { merchantId, input } = call;
          const amount = amountOf(input.amount, input.currency);
          const risk = await riskContextOf(db);
          return runIdempotent(
            db,
            call,
            (key, hash) =>
              openApiPayin(db, {
                merchantId,
                key,
                hash,
                signature: call.signature,
                publicUrl: config.publicUrl,
                risk,
                facts: {
                  kind: 'payin',
                  merchantId,
                  amount,
                  currency: input.currency,
                  orderId: input.order_id,
                  ...customerFacts(input.customer),
                  sourceIp: call.request.ip,
                },
                payin: {
                  merchantId,
                  orderId: input.order_id,
                  currency: input.currency,
                  amount,
                  notifyUrl: input.notify_url,
                  createdAt: new Date(),
                },
              }),
            judgeNotifyUrl(input.notify_url, config),
          );
        }),
      );

      api.get(
        '/payins/:id',
        apiRoute(surface, undefined, async ({ request, merchantId }) => {
          const id = idOf(request);
          const p = isUuid(id) ? await findPayinInScope(db, merchantScope(merchantId), id) : null;
          if (!p) throw new ApiFailure(404, 'not_found', 'No pay-in of yours has this id');
          return { status: 200, body: apiPayinView(p, config.publicUrl) };
        }),
      );

      api.post(
        '/payouts',
        apiRoute(surface, apiCreatePayout, (call) =>
          openApiPayout(db, call, judgeNotifyUrl(call.input.notify_url, config)),
        ),
      );

      api.get(
        '/payouts/:id',
        apiRoute(surface, undefined, async ({ request, merchantId }) => {
          const id = idOf(request);
          const p = isUuid(id) ? await findPayoutInScope(db, merchantScope(merchantId), id) : null;
          if (!p) throw new ApiFailure(404, 'not_found', 'No pay-out of yours has this id');
          return { status: 200, body: apiPayoutView(p) };
        }),
      );

      registerBalanceRoute(api, surface, db);
      registerRefundRoutes(api, surface, db, config);
      registerDisputeRoutes(api, surface, db);
      registerStatementRoute(api, surface, db);
      // The kinds the API only shows (balance adjustments) bring their list and read.
      for (const [, reads] of apiReadFacets.all())
        registerApiReads(api, surface, db, { ...reads, query: apiListQuery(reads.statuses) });

      api.get('/openapi.json', async () => buildOpenApiDocument());
    },
    { prefix: MERCHANT_API_BASE_PATH },
  );
}
