import { randomUUID } from 'node:crypto';
import type { DisputeReasonCode } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { conflict } from '../../core/app-error';
import { connectorFor } from '../../connectors/connector';
import { gatewayRoute } from '../gateways/gateways.service';
import { checkDisputable, openDispute, type DisputeRecord } from './disputes.service';

/** How long a simulated dispute gives the merchant to answer, unless asked otherwise. */
export const DEFAULT_RESPOND_HOURS = 7 * 24;

/** What the sandbox is asked to open. */
export interface SimulatedDispute {
  readonly payin: { readonly id: string; readonly gateway_id: string };
  readonly amount: bigint | null;
  readonly reasonCode: DisputeReasonCode;
  readonly respondBy: Date;
  /** Who asked (an admin); null: the sandbox by itself (`SANDBOX_DISPUTE_RATE`). */
  readonly createdBy: string | null;
}

/**
 * Has the pay-in's gateway open a dispute on it, as a payer's bank would, and records it (its
 * hold taken at once). Only a gateway that can simulate disputes (the sandbox) does; any other
 * is refused with a conflict that says so. The amount is checked before the gateway is asked,
 * and again under the pay-in's lock when the dispute is recorded; `alsoIn` writes the caller's
 * record of it (the admin log) in the same transaction.
 */
export async function simulateDisputeOn(
  db: Db,
  s: SimulatedDispute,
  alsoIn: (tx: Queryable, dispute: DisputeRecord) => Promise<void>,
): Promise<DisputeRecord> {
  const route = await gatewayRoute(db, s.payin.gateway_id);
  const connector = connectorFor(db, route.connector);
  if (!connector.openDispute)
    throw conflict(
      `Disputes can be simulated only on pay-ins through the sandbox gateway; this one went through ${route.code}`,
    );
  const amount = await db.transaction((tx) => checkDisputable(tx, s.payin.id, s.amount));
  const id = randomUUID();
  const opening = await connector.openDispute({
    refId: id,
    gatewayCode: route.code,
    amount: amount.amount,
    currency: amount.currency,
    reasonCode: s.reasonCode,
  });
  return db.transaction(async (tx) => {
    const dispute = await openDispute(tx, {
      id,
      payinId: s.payin.id,
      amount: amount.amount,
      fee: opening.fee,
      reasonCode: s.reasonCode,
      respondBy: s.respondBy,
      reference: opening.reference,
      createdBy: s.createdBy,
      at: new Date(),
    });
    await alsoIn(tx, dispute);
    return dispute;
  });
}

/**
 * Sends the merchant's answer (its final evidence with how many files it has, or its
 * acceptance) to the dispute's gateway, outside any transaction; the ruling arrives as a signed
 * callback.
 */
export async function sendDisputeAnswer(
  db: Db,
  d: DisputeRecord,
  answer: 'accepted' | { readonly fileCount: number },
): Promise<void> {
  const route = await gatewayRoute(db, d.gateway_id);
  await connectorFor(db, route.connector).answerDispute({
    refId: d.id,
    gatewayCode: route.code,
    reference: d.gateway_reference,
    amount: d.amount,
    currency: d.currency,
    reasonCode: d.reason_code,
    evidence:
      answer === 'accepted'
        ? null
        : {
            productDescription: d.evidence_product_description,
            customerCommunication: d.evidence_customer_communication,
            serviceProof: d.evidence_service_proof,
            note: d.evidence_note,
            fileCount: answer.fileCount,
          },
  });
}
