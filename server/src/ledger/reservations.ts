import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { conflict } from '../core/app-error';
import { ledgerAccountId, type LedgerKey } from './ledger-accounts';
import { postJournals, type EntryDraft } from './postings';

/** Money to hold for money leaving: moved from `from` to `held` until posted or voided. */
export interface ReservationDraft {
  readonly ownerAccountId: string;
  readonly refType: string;
  readonly refId: string;
  readonly from: LedgerKey;
  readonly held: LedgerKey;
  readonly amount: bigint;
  readonly contractId?: string | null;
  readonly details?: Record<string, unknown>;
  readonly createdAt: Date;
}

/**
 * Reserves each draft's amount (a journal `<refType>.reserve` per draft) and records the
 * reservation; fails with a conflict when a guarded balance is not enough.
 */
export async function reserveFunds(tx: Queryable, drafts: readonly ReservationDraft[]) {
  if (!drafts.length) return;
  const journalIds = await postJournals(
    tx,
    drafts.map((d) => ({
      ownerAccountId: d.ownerAccountId,
      kind: `${d.refType}.reserve`,
      refType: d.refType,
      refId: d.refId,
      contractId: d.contractId ?? null,
      details: d.details ?? {},
      createdAt: d.createdAt,
      entries: [
        { account: d.from, amount: -d.amount },
        { account: d.held, amount: d.amount },
      ],
    })),
  );
  await tx.query(
    `INSERT INTO reservations (id, owner_account_id, ref_type, ref_id, from_account_id, held_account_id,
       currency, amount, journal_id, created_at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::uuid[],
       $7::text[], $8::bigint[], $9::uuid[], $10::timestamptz[])`,
    [
      drafts.map(() => randomUUID()),
      drafts.map((d) => d.ownerAccountId),
      drafts.map((d) => d.refType),
      drafts.map((d) => d.refId),
      drafts.map((d) => ledgerAccountId(d.from)),
      drafts.map((d) => ledgerAccountId(d.held)),
      drafts.map((d) => d.held.currency),
      drafts.map((d) => d.amount.toString()),
      journalIds,
      drafts.map((d) => d.createdAt.toISOString()),
    ],
  );
}

/** How a reservation ends: posted (the held money leaves to `to`) or voided (back to `from`). */
export interface Resolution {
  readonly refId: string;
  readonly outcome: 'posted' | 'voided';
  /** For a post: where the held money goes; these entries must sum to the held amount. */
  readonly to?: readonly EntryDraft[];
  readonly contractId?: string | null;
  readonly details?: Record<string, unknown>;
  readonly at: Date;
}

interface ReservationRow {
  id: string;
  owner_account_id: string;
  ref_type: string;
  ref_id: string;
  currency: string;
  amount: bigint;
  from_key: LedgerKey;
  held_key: LedgerKey;
}

/**
 * Resolves reservations by their transaction's id, each exactly once: a second resolution
 * of the same reservation is refused by the database (unique key) and answered as a conflict.
 */
export async function resolveReservations(tx: Queryable, resolutions: readonly Resolution[]) {
  if (!resolutions.length) return;
  const { rows } = await tx.query<ReservationRow>(
    `SELECT r.id, r.owner_account_id, r.ref_type, r.ref_id, r.currency, r.amount,
            json_build_object('ownerKind', f.owner_kind, 'ownerId', f.owner_id, 'currency', f.currency, 'purpose', f.purpose) AS from_key,
            json_build_object('ownerKind', h.owner_kind, 'ownerId', h.owner_id, 'currency', h.currency, 'purpose', h.purpose) AS held_key
       FROM reservations r
       JOIN ledger_accounts f ON f.id = r.from_account_id
       JOIN ledger_accounts h ON h.id = r.held_account_id
      WHERE r.ref_id = ANY($1::uuid[])`,
    [resolutions.map((r) => r.refId)],
  );
  const byRef = new Map(rows.map((r) => [r.ref_id, r]));
  const drafts = resolutions.map((res) => {
    const r = byRef.get(res.refId);
    if (!r) throw new Error(`no reservation for ${res.refId}`);
    const release: EntryDraft = { account: r.held_key, amount: -r.amount };
    const rest =
      res.outcome === 'voided' ? [{ account: r.from_key, amount: r.amount }] : (res.to ?? []);
    return {
      reservation: r,
      journal: {
        ownerAccountId: r.owner_account_id,
        kind: `${r.ref_type}.${res.outcome === 'posted' ? 'post' : 'void'}`,
        refType: r.ref_type,
        refId: r.ref_id,
        contractId: res.contractId ?? null,
        details: res.details ?? {},
        createdAt: res.at,
        entries: [release, ...rest],
      },
    };
  });
  const journalIds = await postJournals(
    tx,
    drafts.map((d) => d.journal),
  );
  try {
    await tx.query(
      `INSERT INTO reservation_resolutions (reservation_id, outcome, journal_id, created_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[])`,
      [
        drafts.map((d) => d.reservation.id),
        resolutions.map((r) => r.outcome),
        journalIds,
        resolutions.map((r) => r.at.toISOString()),
      ],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw conflict('This reservation is already resolved');
    throw error;
  }
}
