import { useTranslation } from 'react-i18next';
import { RISK_ACTIONS, RISK_RULE_KINDS, type RiskAction, type RiskRuleKind } from '@bo/contract';
import { CheckboxGroup } from '../../ui/checkbox-group';
import { SelectField } from '../../ui/select-field';
import type { RuleDraft } from './rules-draft';

/** The rule's head in the form: what it watches, what it does, on error, and how it joins. */
export function RuleDraftHead({
  draft,
  onChange,
}: {
  draft: RuleDraft;
  onChange: (next: RuleDraft) => void;
}) {
  const { t } = useTranslation();
  const actions = RISK_ACTIONS.map((a) => (
    <option key={a} value={a}>
      {t(`riskRules.actions.${a}`)}
    </option>
  ));
  return (
    <>
      <CheckboxGroup
        legend={t('riskRules.editor.kinds')}
        name="kinds"
        choices={RISK_RULE_KINDS.map((k) => ({ value: k, label: t(`riskRules.kinds.${k}`) }))}
        selected={draft.kinds}
        onChange={(kinds) => onChange({ ...draft, kinds: kinds as RiskRuleKind[] })}
      />
      <div className="row g-2">
        <div className="col-6 col-md-3">
          <SelectField
            label={t('riskRules.editor.action')}
            name="action.type"
            value={draft.action}
            onChange={(e) => onChange({ ...draft, action: e.target.value as RiskAction })}
            data-testid="risk-rule-action"
          >
            {actions}
          </SelectField>
        </div>
        {draft.action === 'review' && (
          <div className="col-6 col-md-3">
            <SelectField
              label={t('riskRules.editor.approvers')}
              name="action.approvers"
              value={draft.approvers}
              onChange={(e) => onChange({ ...draft, approvers: e.target.value })}
              data-testid="risk-rule-approvers"
            >
              {['1', '2', '3'].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <div className="col-6 col-md-3">
          <SelectField
            label={t('riskRules.editor.onError')}
            name="onError"
            value={draft.onError}
            onChange={(e) => onChange({ ...draft, onError: e.target.value as RiskAction })}
            data-testid="risk-rule-on-error"
          >
            {actions}
          </SelectField>
        </div>
        <div className="col-6 col-md-3">
          <SelectField
            label={t('riskRules.editor.join')}
            value={draft.join}
            onChange={(e) => onChange({ ...draft, join: e.target.value as 'all' | 'any' })}
            data-testid="risk-rule-join"
          >
            <option value="all">{t('riskRules.editor.joinAll')}</option>
            <option value="any">{t('riskRules.editor.joinAny')}</option>
          </SelectField>
        </div>
      </div>
    </>
  );
}
