import { apiCreatePayin, apiCreatePayout, readPositiveAmount } from '@bo/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../config';
import type { Db, Queryable } from '../db/db';
import { AppError } from '../http/app-error';
import { describeIssues, isUuid } from '../http/validation';
import { findAccountBalances } from '../modules/balances/balances.queries';
import { findPayinInScope } from '../modules/payins/payins.queries';
import { sendPayoutToGateway } from '../modules/payouts/payout-flow';
import { findPayoutInScope } from '../modules/payouts/payouts.queries';
import { createPayouts } from '../modules/payouts/payouts.service';
import { formatAmount } from '@bo/contract';
import { apiPayinView, apiPayoutView } from './merchant-api-views';
import { claimOrStop, IdempotencyStop } from './idempotency';
import { releaseIdempotencyKey, saveIdempotentResponse } from './merchant-api.queries';
import { openApiPayin } from './payin-intake';
import { ApiFailure, authenticateMerchant } from './merchant-auth';
import { buildOpenApiDocument } from './openapi';
import { requestHash } from './signature';

const sendFailure = (reply: FastifyReply, f: ApiFailure) =>
  reply.code(f.status).send({ error: { code: f.code, message: f.message } });

function parseBody<S extends z.ZodType>(schema: S, raw: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw || '{}');
  } catch {
    throw new ApiFailure(400, 'bad_request', 'The body must be JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiFailure(400, 'bad_request', describeIssues(parsed.error));
  return parsed.data;
}

function amountOf(text: string, currency: string): bigint {
  const read = readPositiveAmount(text, currency);
  if (!read.ok) throw new ApiFailure(400, 'bad_request', `amount ${read.message}`);
  return read.minor;
}

/** Maps what a write threw to the API's answer. */
function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof AppError) {
    const code =
      error.status === 409 ? 'conflict' : error.status === 404 ? 'not_found' : 'bad_request';
    return new ApiFailure(error.status === 403 ? 400 : error.status, code, error.message);
  }
  throw error;
}

/** The merchant API under /api/v1: signed JSON requests, idempotent writes. */
export async function registerMerchantApi(
  app: FastifyInstance,
  db: Db,
  _config: Config,
): Promise<void> {
  await app.register(
    async (api) => {
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

      const handle =
        (
          work: (
            req: FastifyRequest,
            merchantId: string,
            raw: string,
          ) => Promise<{ status: number; body: unknown }>,
        ) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          try {
            const merchantId = await authenticateMerchant(db, request, raw);
            const result = await work(request, merchantId, raw);
            return reply.code(result.status).send(result.body);
          } catch (error) {
            return sendFailure(reply, failureOf(error));
          }
        };

      const idempotent = async (
        request: FastifyRequest,
        merchantId: string,
        raw: string,
        create: (
          key: string,
          hash: string,
          guard: (tx: Queryable) => Promise<void>,
          save: (tx: Queryable, body: unknown) => Promise<void>,
        ) => Promise<unknown>,
      ) => {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string' || !key || key.length > 200)
          throw new ApiFailure(
            400,
            'bad_request',
            'Idempotency-Key is required (at most 200 characters)',
          );
        const hash = requestHash(request.method, request.url, raw);
        try {
          const body = await create(
            key,
            hash,
            (tx) => claimOrStop(tx, merchantId, key, hash),
            (tx, response) => saveIdempotentResponse(tx, merchantId, key, 201, response),
          );
          return { status: 201, body };
        } catch (error) {
          if (error instanceof IdempotencyStop) {
            if (error.replay)
              return { status: error.replay.statusCode, body: error.replay.response };
            throw error.failure;
          }
          await releaseIdempotencyKey(db, merchantId, key).catch(() => undefined);
          throw error;
        }
      };

      api.post(
        '/payins',
        handle(async (request, merchantId, raw) => {
          const input = parseBody(apiCreatePayin, raw);
          const amount = amountOf(input.amount, input.currency);
          return idempotent(request, merchantId, raw, (key, hash) =>
            openApiPayin(db, {
              merchantId,
              key,
              hash,
              payin: {
                merchantId,
                orderId: input.order_id,
                currency: input.currency,
                amount,
                notifyUrl: input.notify_url,
                createdAt: new Date(),
              },
            }),
          );
        }),
      );

      api.get<{ Params: { id: string } }>(
        '/payins/:id',
        handle(async (request, merchantId) => {
          const id = (request.params as { id: string }).id;
          const p = isUuid(id)
            ? await findPayinInScope(
                db,
                { accountType: 'merchant', scopeAccountId: merchantId },
                id,
              )
            : null;
          if (!p) throw new ApiFailure(404, 'not_found', 'No pay-in of yours has this id');
          return { status: 200, body: apiPayinView(p) };
        }),
      );

      api.post(
        '/payouts',
        handle(async (request, merchantId, raw) => {
          const input = parseBody(apiCreatePayout, raw);
          const amount = amountOf(input.amount, input.currency);
          const result = await idempotent(request, merchantId, raw, (_key, _hash, guard, save) =>
            db.transaction(async (tx) => {
              await guard(tx);
              const [p] = await createPayouts(tx, [
                {
                  merchantId,
                  orderId: input.order_id,
                  currency: input.currency,
                  amount,
                  bankName: input.bank_name,
                  accountNumber: input.account_number,
                  accountHolder: input.account_holder,
                  inHouse: false,
                  notifyUrl: input.notify_url,
                  createdAt: new Date(),
                  status: 'processing',
                },
              ]);
              const body = apiPayoutView(p!);
              await save(tx, body);
              return body;
            }),
          );
          if (result.status === 201)
            await sendPayoutToGateway(db, (result.body as { id: string }).id);
          return result;
        }),
      );

      api.get<{ Params: { id: string } }>(
        '/payouts/:id',
        handle(async (request, merchantId) => {
          const id = (request.params as { id: string }).id;
          const p = isUuid(id)
            ? await findPayoutInScope(
                db,
                { accountType: 'merchant', scopeAccountId: merchantId },
                id,
              )
            : null;
          if (!p) throw new ApiFailure(404, 'not_found', 'No pay-out of yours has this id');
          return { status: 200, body: apiPayoutView(p) };
        }),
      );

      api.get(
        '/balance',
        handle(async (_request, merchantId) => {
          const balances = await findAccountBalances(db, merchantId);
          return {
            status: 200,
            body: {
              balances: balances
                .filter((b) => b.currency !== 'USDT')
                .map((b) => ({
                  currency: b.currency,
                  available: formatAmount(b.available, b.currency),
                  reserved: formatAmount(b.reserved, b.currency),
                  payout_available: formatAmount(b.payout_available, b.currency),
                  payout_reserved: formatAmount(b.payout_reserved, b.currency),
                })),
            },
          };
        }),
      );

      api.get('/openapi.json', async () => buildOpenApiDocument());
    },
    { prefix: '/api/v1' },
  );
}
