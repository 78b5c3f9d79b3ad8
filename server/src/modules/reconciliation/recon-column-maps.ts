import type { z } from 'zod';
import type { ReconColumnMap, ReconStatus, saveReconColumnMap } from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import { recordAdminLog } from '../admin-logs/admin-log';
import { statusWordsOf, type ColumnMap } from './column-map';
import { isKnownZone } from './line-values';
import {
  columnMapOf,
  findColumnMap,
  upsertColumnMap,
  type ColumnMapRecord,
} from './reconciliation.queries';
import { gatewayOf } from './reconciliation.service';

type SaveRequest = z.output<typeof saveReconColumnMap.request>;
type SaveInput = Omit<SaveRequest, 'gatewayId'>;

export const viewColumnMap = (r: ColumnMapRecord): ReconColumnMap => ({
  gateway_id: r.gateway_id,
  delimiter: r.delimiter,
  reference_column: r.reference_column,
  order_id_column: r.order_id_column,
  amount_column: r.amount_column,
  currency_column: r.currency_column,
  fee_column: r.fee_column,
  status_column: r.status_column,
  time_column: r.time_column,
  amount_format: r.amount_format,
  thousands_separator: r.thousands_separator,
  decimal_separator: r.decimal_separator,
  time_zone: r.time_zone,
  time_format: r.time_format,
  status_values: r.status_values,
  updated_at: r.updated_at ? r.updated_at.toISOString() : null,
});

/**
 * A column map from the form's fields, or a 400: the columns must differ, the separators too,
 * the zone must be one we can read, and each status word must mean one thing.
 */
export function columnMapFrom(input: SaveInput): ColumnMap {
  const columns = {
    reference: input.referenceColumn,
    orderId: input.orderIdColumn ?? '',
    amount: input.amountColumn,
    currency: input.currencyColumn ?? '',
    fee: input.feeColumn ?? '',
    status: input.statusColumn,
    time: input.timeColumn ?? '',
  };
  const named = Object.values(columns)
    .filter((c) => c !== '')
    .map((c) => c.toLowerCase());
  if (new Set(named).size !== named.length)
    throw badInput('Each column of the map must be a different column of the statement');
  const thousandsSeparator = input.thousandsSeparator ?? '';
  const decimalSeparator = input.decimalSeparator ?? '.';
  if (input.amountFormat === 'decimal' && thousandsSeparator === decimalSeparator)
    throw badInput('thousandsSeparator must differ from decimalSeparator');
  const timeZone = input.timeZone ?? 'UTC';
  if (!isKnownZone(timeZone))
    throw badInput('timeZone must be UTC, an offset such as +07:00 or a zone such as Asia/Bangkok');
  const statusValues: Record<string, ReconStatus> = {};
  const meanings = [
    ['success', input.successValues],
    ['failed', input.failedValues],
    ['pending', input.pendingValues],
  ] as const;
  for (const [meaning, words] of meanings) {
    for (const word of statusWordsOf(words)) {
      const known = Object.keys(statusValues).find((w) => w.toLowerCase() === word.toLowerCase());
      if (known) throw badInput(`The status word "${word}" is given two meanings`);
      statusValues[word] = meaning;
    }
  }
  if (!Object.keys(statusValues).length)
    throw badInput('successValues is required: the status words that mean success');
  return {
    delimiter: input.delimiter,
    columns,
    amountFormat: input.amountFormat,
    thousandsSeparator,
    decimalSeparator,
    timeZone,
    timeFormat: input.timeFormat ?? 'ymd',
    statusValues,
  };
}

/** A gateway's saved column map, or null. */
export async function getColumnMap(ctx: UserCallContext, gatewayId: string) {
  const gateway = await gatewayOf(ctx.db, gatewayId);
  const saved = await findColumnMap(ctx.db, gateway.id);
  return { map: saved ? viewColumnMap(saved) : null };
}

/** Saves a gateway's column map, audited with before and after. */
export async function saveColumnMap(
  ctx: UserCallContext,
  { gatewayId, ...input }: SaveRequest,
): Promise<ReconColumnMap> {
  const map = columnMapFrom(input);
  return ctx.db.transaction(async (tx) => {
    const gateway = await gatewayOf(tx, gatewayId);
    const before = await findColumnMap(tx, gateway.id);
    const saved = await upsertColumnMap(tx, gateway.id, map, ctx.actor.accountId);
    await recordAdminLog(tx, ctx, {
      action: 'reconciliation.column_map.save',
      actor: ctx.actor,
      targetType: 'payment_gateway',
      targetId: gateway.id,
      before: before ? columnMapOf(before) : null,
      after: map,
    });
    return viewColumnMap(saved);
  });
}

/** The saved map a gateway's uploads are read with, or a 400 asking for one. */
export async function savedMapOf(ctx: UserCallContext, gatewayId: string, code: string) {
  const saved = await findColumnMap(ctx.db, gatewayId);
  if (!saved)
    throw badInput(`${code} has no column map yet: save one (saveReconColumnMap) before importing`);
  return columnMapOf(saved);
}
