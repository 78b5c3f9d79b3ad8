import { useTranslation } from 'react-i18next';
import type { RiskRuleMode } from '@bo/contract';

const TONES: Record<RiskRuleMode, string> = {
  draft: 'secondary',
  shadow: 'info',
  active: 'success',
  disabled: 'dark',
};

/** A rule's mode as a soft badge. */
export function RuleModeBadge({ mode }: { mode: RiskRuleMode }) {
  const { t } = useTranslation();
  const tone = TONES[mode];
  return (
    <span
      className={`badge bg-${tone}-subtle text-${tone}-emphasis`}
      data-mode={mode}
      data-testid="risk-rule-mode"
    >
      {t(`riskRules.modes.${mode}`)}
    </span>
  );
}
