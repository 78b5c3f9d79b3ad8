import {
  createAdjustment,
  type AdjustmentBalance,
  type AdjustmentDirection,
  type AdjustmentReason,
  type CallResponse,
} from '@bo/contract';
import { callApi } from '../../../lib/api-client';
import { refreshMoneyViews } from '../../../ui/money/api/send-decision';

/** An adjustment as the form asks for it (everything but the request key). */
export interface AdjustmentFields {
  readonly ownerDbCode: string;
  readonly direction: AdjustmentDirection;
  readonly balance: AdjustmentBalance;
  readonly currency: string;
  readonly amount: string;
  readonly reasonCode: AdjustmentReason;
  readonly note: string;
  /** The transaction it corrects; empty when none is named. */
  readonly relatedId: string;
}

export type CreatedAdjustment = CallResponse<typeof createAdjustment>;

/**
 * Sends a reviewed adjustment with its request key (the same review sent twice makes one);
 * errors are shown in the form. Lists and balances read again afterwards.
 */
export async function sendAdjustment(
  fields: AdjustmentFields,
  requestKey: string,
): Promise<CreatedAdjustment> {
  const { relatedId, ...rest } = fields;
  const created = await callApi(
    createAdjustment,
    { ...rest, ...(relatedId ? { relatedId } : {}), requestKey },
    { errors: 'inline' },
  );
  await refreshMoneyViews();
  return created;
}
