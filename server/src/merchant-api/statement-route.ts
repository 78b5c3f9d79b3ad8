import { apiStatementQuery } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { planStatement, statementJson } from '../ledger/chain/statement';
import { readListQuery } from './api-lists';
import { apiRoute, type ApiSurface } from './api-route';

/**
 * `GET /statements?currency=…&from=…&to=…`: the merchant's verifiable statement (issue 44), the
 * same JSON the back office downloads, checked offline by tools/statement-verifier, streamed
 * (`statementJson`). 409 while the period's last day is not sealed.
 */
export function registerStatementRoute(api: FastifyInstance, surface: ApiSurface, db: Db) {
  api.get(
    '/statements',
    apiRoute(surface, undefined, async ({ request, merchantId }) => {
      const q = readListQuery(apiStatementQuery, request.query);
      // Planned first (a period not sealed yet is refused before a byte is sent), then
      // streamed a page of links at a time.
      const plan = await planStatement(db, merchantId, q.currency, q.from, q.to);
      return { status: 200, body: null, json: statementJson(db, plan) };
    }),
  );
}
