import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_RULE_MODES, type RiskRuleMode, type RiskRuleRow } from '@bo/contract';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SelectField } from '../../ui/select-field';
import { TextAreaField } from '../../ui/text-area-field';
import { sendSetRiskRuleMode } from './api/risk-rules-api';
import { RuleModeBadge } from './rules-mode-badge';

/** A rule's mode and its switch, confirmed with what the new mode does and an optional reason. */
export function RuleModeCard({ rule, onDone }: { rule: RiskRuleRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [next, setNext] = useState<RiskRuleMode>(rule.mode === 'draft' ? 'shadow' : rule.mode);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <section className="card mb-3" aria-labelledby="risk-mode-title">
      <div className="card-body">
        <h2 id="risk-mode-title" className="h6">
          {t('riskRules.mode.title')}
        </h2>
        <p className="mb-2">
          {t('riskRules.mode.current')}: <RuleModeBadge mode={rule.mode} />{' '}
          <span className="text-muted small">{t(`riskRules.mode.help.${rule.mode}`)}</span>
        </p>
        <div className="d-flex flex-wrap align-items-end gap-2">
          <SelectField
            label={t('riskRules.mode.switchTo')}
            value={next}
            onChange={(e) => setNext(e.target.value as RiskRuleMode)}
            className="mb-0"
            data-testid="risk-mode-select"
          >
            {RISK_RULE_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`riskRules.modes.${m}`)}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={next === rule.mode}
            onClick={() => setConfirming(true)}
            data-testid="risk-mode-switch"
          >
            {t('riskRules.mode.switch')}
          </button>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t('riskRules.mode.confirmTitle', { mode: t(`riskRules.modes.${next}`) })}
          testId="risk-mode-confirm"
          confirmLabel={t('riskRules.mode.confirm')}
          confirmTestId="risk-mode-confirm-button"
          onConfirm={async () => {
            await sendSetRiskRuleMode({ id: rule.id, mode: next, reason });
            setReason('');
            onDone();
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{t(`riskRules.mode.help.${next}`)}</p>
          <TextAreaField
            label={t('riskRules.mode.reason')}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="risk-mode-reason"
          />
        </ConfirmDialog>
      )}
    </section>
  );
}
