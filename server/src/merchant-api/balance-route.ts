import { apiBalanceQuery, formatAmount } from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db';
import { findAccountBalances, findAccountBalancesAt } from '../modules/balances/balances.service';
import { readListQuery } from './api-lists';
import { apiRoute, type ApiSurface } from './api-route';
import { ApiFailure } from './merchant-auth';

/**
 * `GET /balance`: the merchant's balances per currency (USDT is its wallet, not listed), now or
 * as they were at `?at=` (issue 44; docs/money.md, "Balances at a past instant"): the sum of
 * the journal's entries before that instant, the same figure the back office's `getBalancesAt`
 * and a ledger report's closing give.
 */
export function registerBalanceRoute(api: FastifyInstance, surface: ApiSurface, db: Db) {
  api.get(
    '/balance',
    apiRoute(surface, undefined, async ({ request, merchantId }) => {
      const { at } = readListQuery(apiBalanceQuery, request.query);
      const instant = at ? new Date(at) : undefined;
      if (instant && instant.getTime() > Date.now())
        throw new ApiFailure(400, 'bad_request', 'at: must not be in the future');
      const balances = instant
        ? await findAccountBalancesAt(db, merchantId, instant)
        : await findAccountBalances(db, merchantId);
      return {
        status: 200,
        body: {
          ...(instant && { at: instant.toISOString() }),
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
}
