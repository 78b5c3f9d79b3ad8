import { z } from 'zod';
import { RULES } from '../access';
import { defineCall, emptyRequest } from './define';
import { instantText, listPageOf, listRequest, sortField } from './list';

/**
 * The ledger's daily seals (issue 44, /ledger-seals; docs/money.md, "The chain and its seals"):
 * each UTC day's signed Merkle root of every account's chain head, for administrators, with
 * the chain's progress and the platform's public key that merchants pin to verify statements.
 */
export const ledgerSealRow = z.object({
  id: z.string(),
  /** The UTC day sealed, YYYY-MM-DD. */
  day: z.string(),
  sealed_at: instantText,
  /** Account heads the root covers. */
  heads: z.number().int(),
  /** Entries chained when the seal was made. */
  chained: z.string(),
  /** The Merkle root, hex. */
  root: z.string(),
  key_id: z.string(),
  /** Where its copies went ('webhook', an address); empty: none was asked for. */
  copied_to: z.string(),
});
export type LedgerSealRow = z.infer<typeof ledgerSealRow>;

/** The seals, newest first; the date range filters by day; page and export as every list. */
export const getLedgerSeals = defineCall({
  name: 'getLedgerSeals',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(['created_at'] as const),
    direction: listRequest.direction,
    from: listRequest.from,
    to: listRequest.to,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(ledgerSealRow),
  rule: RULES.administrator,
});

/**
 * The chain now: entries and admin log rows chained and waiting, the last seal's day, and the active signing key
 * (its public key is what a merchant pins: tools/statement-verifier `--public-key`).
 */
export const getLedgerChainStatus = defineCall({
  name: 'getLedgerChainStatus',
  request: emptyRequest,
  response: z.object({
    chained: z.string(),
    waiting: z.string(),
    admin_log_chained: z.string(),
    admin_log_waiting: z.string(),
    last_seal_day: z.string().nullable(),
    key_id: z.string().nullable(),
    public_key: z.string().nullable(),
    keys: z.number().int(),
  }),
  rule: RULES.administrator,
});
