import { z } from 'zod';
import { RULES } from '../access';
import { defineCall } from './define';
import { amountText, instantText } from './list';
import { MONEY_DETAIL_KINDS } from './money-detail';
import { RECON_CLASSES } from './reconciliation';

/**
 * The shortest and longest text the global search takes. Money items are found by the start
 * of their id, order id or gateway reference, so a shorter text would match too much to mean
 * anything (docs/search.md).
 */
export const SEARCH_TEXT_MIN = 4;
export const SEARCH_TEXT_MAX = 100;
/** At most this many hits of one kind are answered (the search finds, the lists browse). */
export const SEARCH_HITS_PER_KIND = 5;

/** The kinds of account the search finds (sub-accounts: the caller's own). */
export const SEARCH_ACCOUNT_KINDS = ['merchant', 'reseller', 'sub_account'] as const;
export type SearchAccountKind = (typeof SEARCH_ACCOUNT_KINDS)[number];

/**
 * Every kind a hit can be, money kinds first (a detail view each), then reconciliation lines
 * (admins with the administrator module), then accounts.
 */
export const SEARCH_KINDS = [...MONEY_DETAIL_KINDS, 'recon_line', ...SEARCH_ACCOUNT_KINDS] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** What of a money item the text matched (exactly or by its start). */
export const MONEY_MATCHES = ['id', 'order_id', 'gateway_reference'] as const;
/** What of an account the text matched (code, name and email by their start, any case). */
export const ACCOUNT_MATCHES = ['id', 'code', 'name', 'email'] as const;

/** A money item found: enough to recognise it; choosing it opens its detail. */
export const moneyHit = z.object({
  id: z.string(),
  matched: z.enum(MONEY_MATCHES),
  /** The merchant's order id (pay-ins and pay-outs; null for other kinds). */
  order_id: z.string().nullable(),
  gateway_reference: z.string().nullable(),
  status: z.string(),
  amount: amountText,
  currency: z.string(),
  /** The merchant's (or, for a withdrawal, the reseller's) code. */
  owner_db_code: z.string(),
  created_at: instantText,
});
export type MoneyHit = z.infer<typeof moneyHit>;

/** An account found: choosing it opens the account's page. */
export const accountHit = z.object({
  id: z.string(),
  matched: z.enum(ACCOUNT_MATCHES),
  account_db_code: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
});
export type AccountHit = z.infer<typeof accountHit>;

/**
 * A gateway statement's line found by its reference (the gateway's, exactly): choosing it opens
 * its reconciliation run on the line's class, searched by that reference.
 */
export const reconLineHit = z.object({
  run_id: z.string(),
  /** The line's place in its run (with the run id, its identity). */
  seq: z.number().int(),
  line_no: z.number().int().nullable(),
  class: z.enum(RECON_CLASSES),
  reference: z.string(),
  /** The statement's amount (null when the line had none). */
  amount: amountText.nullable(),
  currency: z.string(),
  payment_gateway_code: z.string(),
  /** When its run was imported. */
  run_created_at: instantText,
});
export type ReconLineHit = z.infer<typeof reconLineHit>;

/** The hits of one kind, newest first, at most SEARCH_HITS_PER_KIND. */
export const searchGroup = z.discriminatedUnion('type', [
  z.object({ type: z.literal('money'), kind: z.enum(MONEY_DETAIL_KINDS), hits: z.array(moneyHit) }),
  z.object({
    type: z.literal('recon_line'),
    kind: z.literal('recon_line'),
    hits: z.array(reconLineHit),
  }),
  z.object({
    type: z.literal('account'),
    kind: z.enum(SEARCH_ACCOUNT_KINDS),
    hits: z.array(accountHit),
  }),
]);
export type SearchGroup = z.infer<typeof searchGroup>;

/**
 * The top bar's global search (shortcut `/`): money items by the start of their id, order id or
 * gateway reference (an exact match is always among them), reconciliation lines by their statement reference (exactly; admins only),
 * accounts by id or by the start of their code, name or email (any case). Only
 * kinds whose list the caller may open are searched, and only within the caller's scope; kinds
 * with no hit are left out. Answered in the order of SEARCH_KINDS.
 */
export const globalSearch = defineCall({
  name: 'globalSearch',
  request: z.object({
    text: z
      .string({ error: 'is required' })
      .trim()
      .min(SEARCH_TEXT_MIN, `must be at least ${SEARCH_TEXT_MIN} characters`)
      .max(SEARCH_TEXT_MAX, `must be at most ${SEARCH_TEXT_MAX} characters`),
  }),
  response: z.object({ groups: z.array(searchGroup) }),
  rule: RULES.anyUser,
});
