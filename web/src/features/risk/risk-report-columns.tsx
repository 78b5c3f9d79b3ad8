import type { TFunction } from 'i18next';
import { RISK_REPORT_FIGURES, type RiskRuleReportRow } from '@bo/contract';
import { column, type ListColumn } from '../../ui/list/columns';
import { ruleNamingColumns } from './rules-columns';

type Row = RiskRuleReportRow;

/** /risk/reports' columns: the rule (a link to its editor), its mode and owner, each count. */
export const riskReportColumns = (t: TFunction): ListColumn<Row>[] => [
  ...ruleNamingColumns<Row>(t, {
    name: t('riskRules.report.columns.name'),
    mode: t('riskRules.report.columns.mode'),
    owner: t('riskRules.report.columns.owner'),
  }),
  ...RISK_REPORT_FIGURES.map((figure) =>
    column<Row>(figure, t(`riskRules.report.columns.${figure}`), (r) => r[figure], {
      headerClassName: 'text-end',
      cellClassName: 'text-end',
    }),
  ),
];
