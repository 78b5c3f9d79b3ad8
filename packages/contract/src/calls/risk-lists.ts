import { z } from 'zod';
import { RULES } from '../access';
import { RISK_KEY_TYPES, RISK_LIST_TYPES, RISK_OWNER_SCOPES } from '../risk/vocabulary';
import { defineCall, formText } from './define';
import {
  instantText,
  listPageOf,
  listRequest,
  optionalInstantText,
  sortField,
  SORT_DIRECTIONS,
} from './list';
import { formId, formOptionalDate } from './money-fields';

/**
 * Risk lists (issue 42; docs/risk.md, "Lists"): blocklists and allowlists of one key type,
 * owned by the platform (admins), a reseller or a merchant. Admins see every list, a reseller
 * its own and its merchants', a merchant its own; platform lists only admins.
 */

const optionalChoice = <const T extends readonly string[]>(values: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional(),
  );
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

/** The most characters of a list's name, an entry's reason and a removal's reason. */
export const RISK_LIST_TEXT_LIMITS = { name: 80, reason: 300, ownerDbCode: 40 } as const;

/** What an entry is now: in force, past its expiry, or removed (kept as history). */
export const RISK_ENTRY_STATES = ['active', 'expired', 'removed'] as const;
export type RiskEntryState = (typeof RISK_ENTRY_STATES)[number];

/** The largest CSV file and the most lines an import takes. */
export const RISK_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const RISK_IMPORT_MAX_LINES = 200_000;
/** How many line problems a refused import names at most. */
export const RISK_IMPORT_MAX_PROBLEMS = 100;

export const riskListRow = z.object({
  id: z.string(),
  name: z.string(),
  key_type: z.enum(RISK_KEY_TYPES),
  list_type: z.enum(RISK_LIST_TYPES),
  scope: z.enum(RISK_OWNER_SCOPES),
  /** The merchant, or the reseller of a reseller's list; null for a platform list. */
  owner_db_code: z.string().nullable(),
  owner_name: z.string().nullable(),
  active_entries: z.number().int(),
  created_by: z.string(),
  created_at: instantText,
});
export type RiskListRow = z.infer<typeof riskListRow>;

export const RISK_LIST_SORTS = ['created_at', 'name'] as const;

/** The lists in the caller's scope; `listType` is the tabs' field. */
export const getRiskLists = defineCall({
  name: 'getRiskLists',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(RISK_LIST_SORTS),
    direction: optionalChoice(SORT_DIRECTIONS),
    search: listRequest.search,
    listType: optionalChoice(RISK_LIST_TYPES),
    keyType: optionalChoice(RISK_KEY_TYPES),
    scope: optionalChoice(RISK_OWNER_SCOPES),
    merchantDbCode: listRequest.merchantDbCode,
    resellerDbCode: listRequest.resellerDbCode,
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(riskListRow),
  rule: RULES.risk,
});

/**
 * A new list. `ownerDbCode` names its merchant or reseller (a merchant's and a reseller's
 * own lists need none: they are theirs); a platform list is for admins only.
 */
export const createRiskList = defineCall({
  name: 'createRiskList',
  request: z.object({
    name: formText(RISK_LIST_TEXT_LIMITS.name),
    keyType: choice(RISK_KEY_TYPES),
    listType: choice(RISK_LIST_TYPES),
    scope: choice(RISK_OWNER_SCOPES),
    ownerDbCode: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      formText(RISK_LIST_TEXT_LIMITS.ownerDbCode).optional(),
    ),
  }),
  response: riskListRow,
  rule: RULES.risk,
});

export const getRiskList = defineCall({
  name: 'getRiskList',
  request: z.object({ id: formId }),
  response: riskListRow,
  rule: RULES.risk,
});

export const riskEntryRow = z.object({
  id: z.string(),
  list_id: z.string(),
  value: z.string(),
  state: z.enum(RISK_ENTRY_STATES),
  expires_at: optionalInstantText,
  reason: z.string(),
  created_by: z.string(),
  created_at: instantText,
  removed_at: optionalInstantText,
  removed_by: z.string().nullable(),
  removal_reason: z.string().nullable(),
});
export type RiskEntryRow = z.infer<typeof riskEntryRow>;

/** One list's entries, newest first; `status` (the tabs) is an entry's state. */
export const getRiskListEntries = defineCall({
  name: 'getRiskListEntries',
  request: z.object({
    listId: formId,
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    direction: optionalChoice(SORT_DIRECTIONS),
    search: listRequest.search,
    status: optionalChoice(RISK_ENTRY_STATES),
    timeZone: listRequest.timeZone,
  }),
  response: listPageOf(riskEntryRow),
  rule: RULES.risk,
});

/**
 * An entry: its value is normalised by its list's key type (`normalizeRiskValue`); it expires
 * at `expiresAt` when given (a bare date: the end of that day, UTC), never in the past.
 */
export const addRiskListEntry = defineCall({
  name: 'addRiskListEntry',
  request: z.object({
    listId: formId,
    value: formText(300),
    expiresAt: formOptionalDate,
    reason: formText(RISK_LIST_TEXT_LIMITS.reason),
  }),
  response: riskEntryRow,
  rule: RULES.risk,
});

/** Removes an active or expired entry (it stays, stamped with who, when and why). */
export const removeRiskListEntry = defineCall({
  name: 'removeRiskListEntry',
  request: z.object({ id: formId, reason: formText(RISK_LIST_TEXT_LIMITS.reason) }),
  response: riskEntryRow,
  rule: RULES.risk,
});

/**
 * Imports a CSV file (the multipart part `file`) of `value,expires_at,reason` lines with a
 * header: all or nothing. Any bad line refuses the whole file, naming each (`problems`, at
 * most RISK_IMPORT_MAX_PROBLEMS); values already active in the list are reported, not added
 * again.
 */
export const importRiskListEntries = defineCall({
  name: 'importRiskListEntries',
  request: z.object({ listId: formId }),
  response: z.object({
    added: z.number().int(),
    duplicates: z.number().int(),
    /** The first lines whose value is already active (or repeated in the file). */
    duplicate_lines: z.array(z.number().int()),
    sha256: z.string(),
  }),
  rule: RULES.risk,
});
