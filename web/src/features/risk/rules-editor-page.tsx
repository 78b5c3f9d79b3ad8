import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { pathOf, readRuleDefinition } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { announceSuccess } from '../../lib/success-notes';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { RuleBacktestCard } from './backtest-card';
import { riskRuleQuery, sendCreateRiskRule, sendSaveRiskRule } from './api/risk-rules-api';
import { RuleEditorForm } from './rules-editor-form';
import { RuleModeCard } from './rules-mode-card';
import { RuleVersions } from './rules-versions';

/**
 * /risk/rules/{id} (`new`: a new rule): the editor, a backtest of the saved version, then the mode
 * with its switch and every version. A save is a new version of the one shown; another saved since answers 409.
 */
export default function RiskRuleEditorPage() {
  const { t } = useTranslation();
  const id = useCurrentRoute().params.id ?? '';
  const isNew = id === 'new';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const rule = useQuery({ ...riskRuleQuery(id), enabled: !isNew });
  const [isDirty, setDirty] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['getRiskRule', id] });
    void queryClient.invalidateQueries({ queryKey: ['list'] });
  };
  if (isNew)
    return (
      <>
        <RouteTitle />
        <section className="card mb-3">
          <div className="card-body">
            <RuleEditorForm
              name=""
              isNew
              onSave={async (fields) => {
                const created = await sendCreateRiskRule(fields);
                announceSuccess(t('riskRules.editor.created'));
                void navigate(pathOf('riskRule', { id: created.id }));
              }}
            />
          </div>
        </section>
      </>
    );
  // The title shows at once, whatever the rule's read comes to (every screen has its title).
  if (rule.isPending)
    return (
      <>
        <RouteTitle />
        <PageSpinner />
      </>
    );
  if (rule.isError)
    return (
      <>
        <RouteTitle />
        <LoadFailed onRetry={() => void rule.refetch()} />
      </>
    );
  const { rule: row, versions } = rule.data;
  const read = readRuleDefinition(row.definition);
  return (
    <>
      <RouteTitle />
      <div className="d-flex justify-content-end mb-2">
        <Link
          to={`${pathOf('riskReports')}?${new URLSearchParams({ search: row.name }).toString()}`}
          className="btn btn-sm btn-outline-primary"
          data-testid="risk-rule-report"
        >
          <i className="bi bi-bar-chart me-1" aria-hidden />
          {t('riskRules.report.link')}
        </Link>
      </div>
      <section className="card mb-3">
        <div className="card-body">
          <RuleEditorForm
            key={row.current_version}
            name={row.name}
            definition={read.ok ? read.definition : undefined}
            isNew={false}
            onDirtyChange={setDirty}
            onSave={async (fields) => {
              const saved = await sendSaveRiskRule({
                id: row.id,
                baseVersion: row.current_version,
                name: fields.name,
                definition: fields.definition,
                note: fields.note,
              });
              announceSuccess(t('riskRules.editor.saved', { version: saved.current_version }));
              refresh();
              return saved;
            }}
          />
        </div>
      </section>
      <RuleBacktestCard rule={row} isDirty={isDirty} />
      <RuleModeCard key={row.mode} rule={row} onDone={refresh} />
      <RuleVersions versions={versions} current={row.current_version} />
    </>
  );
}
