import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathOf, type RiskRuleRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { RuleModeBadge } from './rules-mode-badge';
import { RuleSummaryText } from '../../ui/risk/rule-summary';

type Row = RiskRuleRow;

/** /risk/rules' columns: the rule, its mode, whose it is, what it says in one line. */
export const riskRuleColumns = (t: TFunction): ListColumn<Row>[] => [
  column<Row>('name', t('riskRules.columns.name'), (r) => (
    <Link to={pathOf('riskRule', { id: r.id })} data-testid="risk-rule-open">
      <bdi>{r.name}</bdi>
    </Link>
  )),
  column<Row>('mode', t('riskRules.columns.mode'), (r) => <RuleModeBadge mode={r.mode} />),
  column<Row>('owner_scope', t('riskRules.columns.owner'), (r) => (
    <span className="text-nowrap">
      {t(`riskRules.scopes.${r.owner_scope}`)}{' '}
      <bdi className="text-muted small">{r.merchant_db_code ?? r.reseller_db_code ?? ''}</bdi>
    </span>
  )),
  column<Row>('definition', t('riskRules.columns.summary'), (r) => (
    <RuleSummaryText definition={r.definition} />
  )),
  column<Row>('current_version', t('riskRules.columns.version'), (r) => r.current_version, {
    headerClassName: 'text-end',
    cellClassName: 'text-end',
  }),
  dateColumn<Row>('updated_at', t('riskRules.columns.updatedAt'), (r) => r.updated_at),
];
