/**
 * The words of risk controls (issue 42; docs/risk.md), shared by lists, rules, intake, the
 * review queue and the web app. One place for each: a list's key types, a rule's kinds, actions
 * and modes, and the three scopes a list or a rule belongs to.
 */

/**
 * What a list entry (and a rule's list or velocity condition) names. `customer_ip` is the
 * payer's address as the merchant sends it; `source_ip` is the caller's own address; `wallet`
 * is a USDT wallet address; `order_id` entries are glob patterns (`*`, `?`), never regexes.
 */
export const RISK_KEY_TYPES = [
  'email',
  'customer_id',
  'customer_ip',
  'source_ip',
  'bank_account',
  'wallet',
  'order_id',
] as const;
export type RiskKeyType = (typeof RISK_KEY_TYPES)[number];

/** A blocklist refuses (or holds, as a rule says) what it names; an allowlist exempts it. */
export const RISK_LIST_TYPES = ['block', 'allow'] as const;
export type RiskListType = (typeof RISK_LIST_TYPES)[number];

/**
 * Who a list or a rule belongs to: the whole platform (admins), a reseller (for its merchants'
 * traffic) or one merchant (its own traffic). A merchant's list never lifts a platform block.
 */
export const RISK_OWNER_SCOPES = ['platform', 'reseller', 'merchant'] as const;
export type RiskOwnerScope = (typeof RISK_OWNER_SCOPES)[number];

/** The intakes a rule can watch: the money kinds that run `decideIntake`. */
export const RISK_RULE_KINDS = [
  'payin',
  'payout',
  'settlement',
  'settlement_wallet',
  'withdrawal',
] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];

/** What a matching rule does: let through (exempt from lower rules), hold for a person, refuse. */
export const RISK_ACTIONS = ['allow', 'review', 'block'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/**
 * A rule's mode: `draft` runs nowhere (backtests only), `shadow` logs what it would do and
 * changes nothing, `active` decides, `disabled` is switched off (kept for its history).
 */
export const RISK_RULE_MODES = ['draft', 'shadow', 'active', 'disabled'] as const;
export type RiskRuleMode = (typeof RISK_RULE_MODES)[number];
