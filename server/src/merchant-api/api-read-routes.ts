import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable } from '../db/db';
import { isUuid } from '../http/validation';
import { apiRoute, type ApiSurface } from './api-route';
import { merchantListPage, readListQuery, type ApiListInput, type ApiTable } from './api-lists';
import { ApiFailure } from './merchant-auth';

/** A kind the merchant API lists and reads: where its rows live and how it answers one. */
export interface ApiReads<R> extends ApiTable {
  /** The list's path (`/refunds`); one row is read at `<path>/:id`. */
  readonly path: string;
  /** The list's query string (`apiListQuery` of the kind's statuses). */
  readonly query: z.ZodType<ApiListInput>;
  /** A row as the API answers it. */
  readonly view: (row: R) => unknown;
  /** How a 404 names one ("No refund of yours has this id"). */
  readonly noun: string;
}

/** The 404 of a row the merchant does not own (or that is not there). */
export const notOwned = (noun: string) =>
  new ApiFailure(404, 'not_found', `No ${noun} of yours has this id`);

/** The merchant's own row of `reads`' table with this id; null when none (or not an id). */
export async function findOwnRow<R>(
  db: Queryable,
  reads: ApiTable,
  merchantId: string,
  id: string,
): Promise<R | null> {
  if (!isUuid(id)) return null;
  const a = reads.alias;
  const { rows } = await db.query<R>(
    `SELECT ${reads.columns} FROM ${reads.table} ${a} WHERE ${a}.id = $1 AND ${a}.merchant_account_id = $2`,
    [id, merchantId],
  );
  return rows[0] ?? null;
}

/**
 * Registers a kind's list (`GET <path>`: the merchant's rows newest first, a page at a time,
 * `merchantListPage`) and its read (`GET <path>/:id`: one row of the merchant's, 404 else),
 * signed as every route.
 */
export function registerApiReads<R>(
  api: FastifyInstance,
  surface: ApiSurface,
  db: Db,
  reads: ApiReads<R>,
): void {
  api.get(
    reads.path,
    apiRoute(surface, undefined, async ({ request, merchantId }) => {
      const query = readListQuery(reads.query, request.query);
      const page = await merchantListPage<R>(db, reads, merchantId, query);
      return { status: 200, body: { data: page.rows.map(reads.view), has_more: page.hasMore } };
    }),
  );

  api.get(
    `${reads.path}/:id`,
    apiRoute(surface, undefined, async ({ request, merchantId }) => {
      const id = (request.params as { id: string }).id;
      const row = await findOwnRow<R>(db, reads, merchantId, id);
      if (!row) throw notOwned(reads.noun);
      return { status: 200, body: reads.view(row) };
    }),
  );
}
