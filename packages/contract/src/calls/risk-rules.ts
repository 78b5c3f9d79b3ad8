import { z } from 'zod';
import { RULES } from '../access';
import { FIELD_PROBLEM_KINDS } from '../errors';
import { RISK_OWNER_SCOPES, RISK_RULE_KINDS, RISK_RULE_MODES } from '../risk/vocabulary';
import { defineCall, formInt, formOptionalText, formText } from './define';
import { instantText, listPageOf, listRequest, sortField } from './list';
import { formId } from './money-fields';

/**
 * Risk rules (issue 42; docs/risk.md, "Rules"): a rule is a name, an owner (the platform, a
 * reseller or a merchant) and a mode; what it says is its current version, one of immutable
 * versions of a structured definition (`risk/rule-schema.ts`) sent as JSON text. A refused
 * definition names the part in `data.field` (`when.all[1].firstSeen.since`).
 */

/** The most characters of a rule's fields. */
export const RISK_RULE_TEXT_LIMITS = {
  name: 120,
  note: 300,
  definition: 20_000,
  code: 40,
} as const;

const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { error: `must be one of ${values.join(', ')}` }).optional(),
  );

/** A rule as lists show it: `definition` is its current version's canonical JSON. */
export const riskRuleRow = z.object({
  id: z.string(),
  name: z.string(),
  owner_scope: z.enum(RISK_OWNER_SCOPES),
  /** The owning merchant's code (merchant rules), else null. */
  merchant_db_code: z.string().nullable(),
  /** The owning reseller's code (reseller rules, and a merchant rule's reseller), else null. */
  reseller_db_code: z.string().nullable(),
  mode: z.enum(RISK_RULE_MODES),
  current_version: z.number().int(),
  definition: z.string(),
  created_by: z.string(),
  created_at: instantText,
  updated_at: instantText,
});
export type RiskRuleRow = z.infer<typeof riskRuleRow>;

/** One saved version of a rule; never changed once written. */
export const riskRuleVersionRow = z.object({
  version: z.number().int(),
  definition: z.string(),
  note: z.string(),
  created_by: z.string(),
  created_at: instantText,
});
export type RiskRuleVersionRow = z.infer<typeof riskRuleVersionRow>;

export const RISK_RULE_SORTS = ['name', 'updated_at', 'created_at'] as const;

/** /risk/rules: the rules the caller may see, by mode, owner scope, kind and a part of the name. */
export const getRiskRuleList = defineCall({
  name: 'getRiskRuleList',
  request: z.object({
    page: listRequest.page,
    pageSize: listRequest.pageSize,
    sort: sortField(RISK_RULE_SORTS),
    direction: listRequest.direction,
    search: listRequest.search,
    timeZone: listRequest.timeZone,
    mode: optionalChoice(RISK_RULE_MODES),
    scope: optionalChoice(RISK_OWNER_SCOPES),
    kind: optionalChoice(RISK_RULE_KINDS),
  }),
  response: listPageOf(riskRuleRow),
  rule: RULES.risk,
});

/** A rule with every version, newest first. */
export const getRiskRule = defineCall({
  name: 'getRiskRule',
  request: z.object({ id: formId }),
  response: z.object({ rule: riskRuleRow, versions: z.array(riskRuleVersionRow) }),
  rule: RULES.risk,
});

const definitionText = formText(RISK_RULE_TEXT_LIMITS.definition);
/**
 * Whose rule: a merchant's or a reseller's code (in the caller's scope), or none: the platform
 * for an admin, the caller itself for a reseller or a merchant.
 */
const ownerDbCode = formOptionalText(RISK_RULE_TEXT_LIMITS.code);

/** A new rule: version 1, mode draft (it runs nowhere until its mode says so). */
export const createRiskRule = defineCall({
  name: 'createRiskRule',
  request: z.object({
    name: formText(RISK_RULE_TEXT_LIMITS.name),
    ownerDbCode,
    definition: definitionText,
    note: formOptionalText(RISK_RULE_TEXT_LIMITS.note),
  }),
  response: riskRuleRow,
  rule: RULES.risk,
});

/**
 * A new version of a rule: `baseVersion` is the version the caller edited; when another was
 * saved since, the answer is a 409 and nothing is written.
 */
export const saveRiskRule = defineCall({
  name: 'saveRiskRule',
  request: z.object({
    id: formId,
    baseVersion: formInt(1, 1_000_000),
    name: formText(RISK_RULE_TEXT_LIMITS.name),
    definition: definitionText,
    note: formOptionalText(RISK_RULE_TEXT_LIMITS.note),
  }),
  response: riskRuleRow,
  rule: RULES.risk,
});

/** Switches a rule's mode (only an admin makes a platform rule active); logged with the reason. */
export const setRiskRuleMode = defineCall({
  name: 'setRiskRuleMode',
  request: z.object({
    id: formId,
    mode: z.enum(RISK_RULE_MODES, { error: `must be one of ${RISK_RULE_MODES.join(', ')}` }),
    reason: formOptionalText(RISK_RULE_TEXT_LIMITS.note),
  }),
  response: riskRuleRow,
  rule: RULES.risk,
});

/** One problem of a definition, as a 400's `data.field` would name it. */
export const riskRuleProblem = z.object({
  field: z.string(),
  rule: z.string(),
  kind: z.enum(FIELD_PROBLEM_KINDS),
});

/**
 * The editor's check: every problem of a definition (the schema's and the server's: known
 * currency, accounts and lists in scope…) without saving. `id` checks it as that rule's owner,
 * else `ownerDbCode` as `createRiskRule` reads it.
 */
export const validateRiskRule = defineCall({
  name: 'validateRiskRule',
  request: z.object({
    id: z.preprocess((v) => (v === '' || v === null ? undefined : v), formId.optional()),
    ownerDbCode,
    definition: definitionText,
  }),
  response: z.object({ problems: z.array(riskRuleProblem) }),
  rule: RULES.risk,
});
