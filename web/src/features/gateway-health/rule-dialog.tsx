import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HEALTH_RULE_KINDS, type GatewayHealthRow, type HealthRuleKind } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { EMPTY_RULE, ruleErrors, type RuleDraft, type RuleErrors } from './rule-form';
import { SelectField } from '../../ui/select-field';

/** Asks a new rule's fields, checks them, confirms, and hands it to `onCreate` (false: stay open). */
export function RuleDialog({
  gateways,
  onCreate,
  onClose,
}: {
  gateways: readonly Pick<GatewayHealthRow, 'id' | 'payment_gateway_name' | 'currency'>[];
  onCreate: (draft: RuleDraft) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [draft, setDraft] = useState<RuleDraft>(EMPTY_RULE);
  const [errors, setErrors] = useState<RuleErrors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const errorOf = (key: keyof RuleDraft) =>
    errors[key] ? t(`gatewayHealth.rules.errors.${errors[key]}`) : null;
  const submit = async () => {
    const found = ruleErrors(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    const question = t(
      draft.autoDeactivate
        ? 'gatewayHealth.rules.confirmCreateDeactivating'
        : 'gatewayHealth.rules.confirmCreate',
      { name: draft.name.trim() },
    );
    if (!(await confirmAction(question, t('gatewayHealth.rules.create')))) return;
    setBusy(true);
    const done = await onCreate(draft);
    setBusy(false);
    if (done) onClose();
  };
  const isSuccessRate = draft.kind === 'success_rate';
  return (
    <FormDialog
      title={t('gatewayHealth.rules.newTitle')}
      testId="health-rule-dialog"
      submitLabel={t('gatewayHealth.rules.create')}
      submitTestId="health-rule-submit"
      onSubmit={submit}
      onClose={onClose}
      isBusy={busy}
    >
      <FormField
        label={t('gatewayHealth.rules.name')}
        value={draft.name}
        maxLength={80}
        error={errorOf('name')}
        onChange={(e) => set('name', e.target.value)}
        data-testid="health-rule-name"
      />
      <SelectField
        label={t('gatewayHealth.rules.gateway')}
        value={draft.gatewayId}
        onChange={(e) => set('gatewayId', e.target.value)}
        data-testid="health-rule-gateway"
      >
        <option value="">{t('gatewayHealth.rules.allGateways')}</option>
        {gateways.map((g) => (
          <option key={g.id} value={g.id}>
            {g.payment_gateway_name} ({g.currency})
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('gatewayHealth.rules.kind')}
        value={draft.kind}
        onChange={(e) => set('kind', e.target.value as HealthRuleKind)}
        data-testid="health-rule-kind"
      >
        {HEALTH_RULE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`gatewayHealth.rules.kinds.${kind}`)}
          </option>
        ))}
      </SelectField>
      <div className="row align-items-end">
        <FormField
          className="col-sm-4"
          label={t('gatewayHealth.rules.windowMinutes')}
          inputMode="numeric"
          value={draft.windowMinutes}
          error={errorOf('windowMinutes')}
          onChange={(e) => set('windowMinutes', e.target.value)}
          data-testid="health-rule-window"
        />
        {isSuccessRate && (
          <>
            <FormField
              className="col-sm-4"
              label={t('gatewayHealth.rules.minSuccessPercent')}
              inputMode="decimal"
              value={draft.minSuccessPercent}
              error={errorOf('minSuccessPercent')}
              onChange={(e) => set('minSuccessPercent', e.target.value)}
              data-testid="health-rule-percent"
            />
            <FormField
              className="col-sm-4"
              label={t('gatewayHealth.rules.minAttempts')}
              inputMode="numeric"
              value={draft.minAttempts}
              error={errorOf('minAttempts')}
              onChange={(e) => set('minAttempts', e.target.value)}
              data-testid="health-rule-attempts"
            />
          </>
        )}
      </div>
      <div className="form-check">
        <input
          id={`${fieldId}-auto`}
          className="form-check-input"
          type="checkbox"
          checked={draft.autoDeactivate}
          onChange={(e) => set('autoDeactivate', e.target.checked)}
          data-testid="health-rule-auto"
        />
        <label className="form-check-label" htmlFor={`${fieldId}-auto`}>
          {t('gatewayHealth.rules.autoDeactivate')}
        </label>
        <div className="form-text">{t('gatewayHealth.rules.autoDeactivateHint')}</div>
      </div>
    </FormDialog>
  );
}
