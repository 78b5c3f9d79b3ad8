import { useTranslation } from 'react-i18next';
import { describeRule, readRuleDefinition, type SummaryPart } from '@bo/contract';

/** `t` as the summary's dynamic keys call it (`riskRules.summary.<key>`). */
export type SayFunction = (key: string, options?: Record<string, string>) => string;

/**
 * A summary part in the user's words: its phrase, its values as they are, its words translated
 * (the `riskRules` namespace: a screen outside the risk screens loads it first).
 */
export function partText(t: SayFunction, part: SummaryPart) {
  const words = Object.fromEntries(
    Object.entries(part.words ?? {}).map(([name, keys]) => [
      name,
      keys.map((k) => t(`riskRules.${k}`)).join(', '),
    ]),
  );
  return t(`riskRules.summary.${part.key}`, { ...part.values, ...words });
}

/** A rule's one line (`describeRule`), from its definition's JSON; empty when it does not read. */
export function useRuleSummary(): (definition: string) => string {
  const { t } = useTranslation();
  const say = t as unknown as SayFunction;
  return (definition) => {
    const read = readRuleDefinition(definition);
    return read.ok
      ? describeRule(read.definition)
          .map((p) => partText(say, p))
          .join(' ')
      : '';
  };
}

/** A rule's one line, isolated for right-to-left text around it. */
export function RuleSummaryText({ definition }: { definition: string }) {
  const summary = useRuleSummary();
  return (
    <bdi className="small" data-testid="risk-rule-summary">
      {summary(definition)}
    </bdi>
  );
}
