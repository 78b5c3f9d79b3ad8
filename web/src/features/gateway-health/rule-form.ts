import { HEALTH_RULE_LIMITS, type HealthRuleKind } from '@bo/contract';

/** The new-rule form as typed. */
export interface RuleDraft {
  name: string;
  gatewayId: string;
  kind: HealthRuleKind;
  windowMinutes: string;
  minSuccessPercent: string;
  minAttempts: string;
  autoDeactivate: boolean;
}

export const EMPTY_RULE: RuleDraft = {
  name: '',
  gatewayId: '',
  kind: 'success_rate',
  windowMinutes: '15',
  minSuccessPercent: '80',
  minAttempts: '20',
  autoDeactivate: false,
};

/** A field's problem: its key under gatewayHealth.rules.errors. */
export type RuleError =
  'nameRequired' | 'nameTooLong' | 'windowRange' | 'percentRange' | 'attemptsRange';

/** Each field's problem, checked as the server checks it. */
export type RuleErrors = Partial<Record<keyof RuleDraft, RuleError>>;

const wholeIn = (text: string, min: number, max: number) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The form's problems before sending (the server checks the same again). */
export function ruleErrors(draft: RuleDraft): RuleErrors {
  const errors: RuleErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'nameRequired';
  else if (name.length > HEALTH_RULE_LIMITS.name) errors.name = 'nameTooLong';
  if (
    !wholeIn(
      draft.windowMinutes,
      HEALTH_RULE_LIMITS.windowMinutesMin,
      HEALTH_RULE_LIMITS.windowMinutesMax,
    )
  )
    errors.windowMinutes = 'windowRange';
  if (draft.kind === 'success_rate') {
    const percent = draft.minSuccessPercent.trim();
    if (!/^\d{1,3}(\.\d{1,2})?$/.test(percent) || Number(percent) > 100)
      errors.minSuccessPercent = 'percentRange';
    if (
      !wholeIn(
        draft.minAttempts,
        HEALTH_RULE_LIMITS.minAttemptsMin,
        HEALTH_RULE_LIMITS.minAttemptsMax,
      )
    )
      errors.minAttempts = 'attemptsRange';
  }
  return errors;
}

/** The call's fields from a valid draft. */
export function ruleRequest(draft: RuleDraft) {
  const successRate = draft.kind === 'success_rate';
  return {
    name: draft.name.trim(),
    gatewayId: draft.gatewayId,
    kind: draft.kind,
    windowMinutes: draft.windowMinutes.trim(),
    minSuccessPercent: successRate ? draft.minSuccessPercent.trim() : '',
    minAttempts: successRate ? draft.minAttempts.trim() : '',
    autoDeactivate: draft.autoDeactivate ? 1 : 0,
  };
}
