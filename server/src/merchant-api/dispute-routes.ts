import { apiDisputeEvidence, apiListQuery, DISPUTE_STATUSES } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { originOf } from '../http/call-steps';
import { findAccountById } from '../modules/accounts/accounts.service';
import { actorOf } from '../modules/admin-logs/admin-log';
import { answerWithEvidence } from '../modules/disputes/dispute-evidence';
import { disputesTable, type DisputeRecord } from '../modules/disputes/disputes.service';
import type { Decider } from '../modules/money-flow/decision';
import { apiRoute, type ApiSurface } from './api-route';
import { findOwnRow, notOwned, registerApiReads, type ApiReads } from './api-read-routes';
import { runIdempotent } from './idempotency';
import { apiDisputeView } from './merchant-api-views';

/** The disputes' list and read (`GET /disputes`, `GET /disputes/{id}`). */
const DISPUTE_READS: ApiReads<DisputeRecord> = {
  path: '/disputes',
  table: 'disputes',
  alias: disputesTable.alias,
  columns: disputesTable.columns,
  query: apiListQuery(DISPUTE_STATUSES),
  view: apiDisputeView,
  noun: 'dispute',
};

const notFound = () => notOwned(DISPUTE_READS.noun);

/** The merchant's dispute a path names (404 when none of its own has the id). */
async function ownDispute(db: Db, merchantId: string, request: FastifyRequest) {
  const id = (request.params as { id: string }).id;
  const row = await findOwnRow<DisputeRecord>(db, DISPUTE_READS, merchantId, id);
  if (!row) throw notFound();
  return row;
}

/** The merchant answering through the API, as the admin log names it (its account). */
async function merchantDecider(db: Db, merchantId: string, request: FastifyRequest) {
  const account = await findAccountById(db, merchantId);
  if (!account) throw notFound();
  return { db, actor: actorOf(account), ...originOf(request) } satisfies Decider;
}

/**
 * The merchant API's disputes (`GET /disputes`, `GET /disputes/{id}`, `POST
 * /disputes/{id}/evidence`): signed as every route; the evidence idempotent by its key and
 * judged by the one rule the back office answers with (`answerWithEvidence`).
 */
export function registerDisputeRoutes(api: FastifyInstance, surface: ApiSurface, db: Db) {
  registerApiReads(api, surface, db, DISPUTE_READS);

  api.post(
    '/disputes/:id/evidence',
    apiRoute(surface, apiDisputeEvidence, async (call) => {
      const { request, merchantId, input } = call;
      return runIdempotent(
        db,
        call,
        async (_key, _hash, guard, save) => {
          // Read only for a request not seen before: a replay answers from its key alone.
          const dispute = await ownDispute(db, merchantId, request);
          const by = await merchantDecider(db, merchantId, request);
          let body: unknown;
          await answerWithEvidence(
            by,
            dispute.id,
            {
              productDescription: input.product_description,
              customerCommunication: input.customer_communication,
              serviceProof: input.service_proof,
              note: input.note,
              submit: input.submit,
            },
            {
              first: guard,
              last: async (tx, d) => {
                body = apiDisputeView(d);
                await save(tx, body);
              },
            },
          );
          return body;
        },
        undefined,
        200,
      );
    }),
  );
}
