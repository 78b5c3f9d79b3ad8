import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getRiskRuleReport, RISK_RULE_KINDS, RISK_RULE_MODES } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { riskReportColumns } from './risk-report-columns';
import { UrlChoiceSelect, useUrlChoice } from '../../ui/list/url-choice';

/**
 * /risk/reports: what each rule the user may see did over a period (the last 30 days unless
 * the dates say): its matches, holds, blocks and how their reviews ended. Period, mode, kind,
 * search, sort and page in the URL; the export has every rule.
 */
export default function RiskReportPage() {
  const { t } = useTranslation();
  const mode = useUrlChoice('mode', RISK_RULE_MODES);
  const kind = useUrlChoice('kind', RISK_RULE_KINDS);
  const list = useListPage(getRiskRuleReport, {
    defaultSort: { sort: 'matches', direction: 'desc' },
    fixed: {
      ...(mode.value ? { mode: mode.value } : {}),
      ...(kind.value ? { kind: kind.value } : {}),
    },
  });
  const columns = useMemo(() => riskReportColumns(t), [t]);
  return (
    <>
      <RouteTitle />
      <p className="text-muted small" data-testid="report-hint">
        {t('riskRules.report.hint')}
      </p>
      <div className="d-flex flex-wrap gap-2 justify-content-end mb-2">
        <UrlChoiceSelect
          choice={mode}
          values={RISK_RULE_MODES}
          label={t('riskRules.report.mode')}
          allLabel={t('riskRules.report.allModes')}
          wordOf={(v) => t(`riskRules.modes.${v}`)}
          testId="risk-report-mode"
        />
        <UrlChoiceSelect
          choice={kind}
          values={RISK_RULE_KINDS}
          label={t('riskRules.report.kind')}
          allLabel={t('riskRules.report.allKinds')}
          wordOf={(v) => t(`riskRules.kinds.${v}`)}
          testId="risk-report-kind"
        />
      </div>
      <ListView
        list={list}
        columns={columns}
        listId="risk-report"
        getRowId={(row) => row.id}
        filteredOutside={!!(mode.value || kind.value)}
      />
    </>
  );
}
