import { describeIssues, formatAmount } from '@bo/contract';
import type { z } from 'zod';
import type { apiRefund } from '@bo/contract';
import type { Queryable } from '../db/db';
import type { RefundRecord } from '../modules/refunds/refunds.service';
import { ApiFailure } from './merchant-auth';

/** A list request as the API's list query reads it. */
export interface ApiListInput {
  readonly status?: string;
  readonly created_from?: string;
  readonly created_to?: string;
  readonly limit: number;
  readonly starting_after?: string;
}

/** A table the merchant API reads a merchant's rows of: its name, alias and columns. */
export interface ApiTable {
  /** Its name (trusted SQL: a kind's own table, never input). */
  readonly table: string;
  readonly alias: string;
  /** The columns read, under the alias (`f.id, f.payin_id, …`). */
  readonly columns: string;
}

/** Reads a list's query string with its schema, or a 400 naming the field. */
export function readListQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw new ApiFailure(400, 'bad_request', describeIssues(parsed.error));
  return parsed.data;
}

/**
 * One page of a merchant's rows of `table`, newest first (creation time, then id), after the
 * row `starting_after` names: keyset pagination on the table's (merchant, created_at) index, so
 * every page costs the same however deep. Answers the rows and whether more follow.
 */
export async function merchantListPage<R>(
  db: Queryable,
  spec: ApiTable,
  merchantId: string,
  input: ApiListInput,
): Promise<{ rows: R[]; hasMore: boolean }> {
  const a = spec.alias;
  const params: unknown[] = [merchantId];
  const where = [`${a}.merchant_account_id = $1`];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (input.status) add(`${a}.status = ?`, input.status);
  if (input.created_from) add(`${a}.created_at >= ?`, input.created_from);
  if (input.created_to) add(`${a}.created_at < ?`, input.created_to);
  if (input.starting_after) {
    const { rows } = await db.query<{ created_at: Date }>(
      `SELECT created_at FROM ${spec.table} WHERE id = $1 AND merchant_account_id = $2`,
      [input.starting_after, merchantId],
    );
    const after = rows[0];
    if (!after)
      throw new ApiFailure(400, 'bad_request', 'starting_after names no row of yours in this list');
    params.push(after.created_at.toISOString(), input.starting_after);
    where.push(
      `(${a}.created_at, ${a}.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`,
    );
  }
  params.push(input.limit + 1);
  const { rows } = await db.query<R>(
    `SELECT ${spec.columns} FROM ${spec.table} ${a} WHERE ${where.join(' AND ')}
      ORDER BY ${a}.created_at DESC, ${a}.id DESC LIMIT $${params.length}`,
    params,
  );
  return { rows: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
}

/** A refund as the merchant API answers it. */
export const apiRefundView = (r: RefundRecord): z.infer<typeof apiRefund> => ({
  id: r.id,
  payin_id: r.payin_id,
  merchant_refund_id: r.merchant_refund_id,
  status: r.status,
  amount: formatAmount(r.amount, r.currency),
  fee: formatAmount(r.fee, r.currency),
  fee_returned: formatAmount(r.fee_returned, r.currency),
  currency: r.currency,
  reason: r.reason,
  created_at: r.created_at.toISOString(),
  completed_at: r.status === 'succeeded' && r.completed_at ? r.completed_at.toISOString() : null,
});
