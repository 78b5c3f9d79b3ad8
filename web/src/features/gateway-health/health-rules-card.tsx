import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GatewayHealthRow, GatewayHealthRule } from '@bo/contract';
import { ApiError } from '../../lib/api-error';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { LoadFailed } from '../../ui/load-failed';
import { SettingsCard } from '../../ui/settings-card';
import { Spinner } from '../../ui/spinner';
import { sendCreateGatewayHealthRule } from './api/create-gateway-health-rule';
import { sendDeleteGatewayHealthRule } from './api/delete-gateway-health-rule';
import { gatewayHealthRulesQuery, refreshGatewayHealthViews } from './api/get-gateway-health-rules';
import { sendUpdateGatewayHealthRule } from './api/update-gateway-health-rule';
import { RuleDialog } from './rule-dialog';
import { ruleRequest, type RuleDraft } from './rule-form';
import { NameText } from '../../ui/name-text';

function conditionText(t: TFunction, rule: GatewayHealthRule) {
  return rule.kind === 'success_rate'
    ? t('gatewayHealth.rules.conditionSuccess', {
        percent: rule.min_success_percent,
        attempts: rule.min_attempts,
        minutes: rule.window_minutes,
      })
    : t('gatewayHealth.rules.conditionSilent', { minutes: rule.window_minutes });
}

/** Confirms, sends, reads rules and figures again (also after a refusal); true when done. */
async function confirmThenSend(question: string, label: string, send: () => Promise<unknown>) {
  if (!(await confirmAction(question, label))) return false;
  try {
    await send();
    return true;
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    return false;
  } finally {
    await refreshGatewayHealthViews();
  }
}

/** The health rules: list, create (dialog), enable or disable, delete; each confirmed. */
export function HealthRulesCard({ gateways }: { gateways: readonly GatewayHealthRow[] }) {
  const { t } = useTranslation();
  const { data, isError, refetch } = useQuery(gatewayHealthRulesQuery());
  const [creating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const create = async (draft: RuleDraft) => {
    try {
      await sendCreateGatewayHealthRule(ruleRequest(draft));
      announceSuccess(t('gatewayHealth.rules.created'));
      return true;
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      return false;
    } finally {
      await refreshGatewayHealthViews();
    }
  };
  const change = async (rule: GatewayHealthRule, action: 'enable' | 'disable' | 'delete') => {
    setBusyId(rule.id);
    const questions = {
      enable: 'gatewayHealth.rules.confirmEnable',
      disable: 'gatewayHealth.rules.confirmDisable',
      delete: 'gatewayHealth.rules.confirmDelete',
    } as const;
    const done = await confirmThenSend(
      t(questions[action], { name: rule.name }),
      t(`common.${action === 'delete' ? 'remove' : action}`),
      () =>
        action === 'delete'
          ? sendDeleteGatewayHealthRule({ id: rule.id })
          : sendUpdateGatewayHealthRule({ id: rule.id, enabled: action === 'enable' ? 1 : 0 }),
    );
    setBusyId(null);
    if (done)
      announceSuccess(
        t(action === 'delete' ? 'gatewayHealth.rules.deleted' : 'gatewayHealth.rules.updated'),
      );
  };

  return (
    <SettingsCard
      testId="health-rules-card"
      icon="bi-sliders"
      title={t('gatewayHealth.rules.title')}
      text={t('gatewayHealth.rules.text')}
      className="mb-4"
      actions={
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => setCreating(true)}
          data-testid="health-rule-add"
        >
          <i className="bi bi-plus-lg me-1" aria-hidden />
          {t('gatewayHealth.rules.add')}
        </button>
      }
    >
      {isError ? (
        <LoadFailed onRetry={() => void refetch()} />
      ) : !data ? (
        <Spinner />
      ) : data.rules.length === 0 ? (
        <p className="text-muted mb-0" data-testid="health-rules-empty">
          {t('gatewayHealth.rules.empty')}
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle mb-0" data-testid="health-rules-table">
            <thead>
              <tr>
                <th>{t('gatewayHealth.rules.name')}</th>
                <th>{t('gatewayHealth.rules.gateway')}</th>
                <th>{t('gatewayHealth.rules.kind')}</th>
                <th>{t('gatewayHealth.rules.action')}</th>
                <th className="text-end">{t('gatewayHealth.rules.openAlerts')}</th>
                <th>{t('gatewayHealth.rules.enabled')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.rules.map((rule) => (
                <tr key={rule.id} data-testid="health-rule-row">
                  <td className="fw-medium">
                    <NameText>{rule.name}</NameText>
                  </td>
                  <td>{rule.payment_gateway_name ?? t('gatewayHealth.rules.allGateways')}</td>
                  <td>{conditionText(t, rule)}</td>
                  <td>
                    {rule.auto_deactivate
                      ? t('gatewayHealth.rules.alertAndDeactivate')
                      : t('gatewayHealth.rules.alertOnly')}
                  </td>
                  <td className="text-end">{rule.open_alerts}</td>
                  <td>
                    <div className="form-check form-switch mb-0">
                      <input
                        className="form-check-input"
                        type="checkbox"
                        role="switch"
                        aria-label={t('gatewayHealth.rules.enabled')}
                        checked={rule.enabled}
                        disabled={busyId === rule.id}
                        onChange={() => void change(rule, rule.enabled ? 'disable' : 'enable')}
                        data-testid="health-rule-enabled"
                      />
                    </div>
                  </td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      disabled={busyId === rule.id}
                      onClick={() => void change(rule, 'delete')}
                      data-testid="health-rule-delete"
                    >
                      {t('gatewayHealth.rules.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {creating && (
        <RuleDialog gateways={gateways} onCreate={create} onClose={() => setCreating(false)} />
      )}
    </SettingsCard>
  );
}
