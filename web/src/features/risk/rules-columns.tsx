import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { pathOf, type RiskRuleRow } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import { RuleModeBadge } from './rules-mode-badge';
import { RuleSummaryText } from '../../ui/risk/rule-summary';

type Row = RiskRuleRow;
/** What a row naming a rule carries: the rules list's and the report's. */
type RuleNamed = Pick<
  RiskRuleRow,
  'id' | 'name' | 'mode' | 'owner_scope' | 'merchant_db_code' | 'reseller_db_code'
>;

/** A rule's name, a link to its editor; its mode; whose it is. */
export const ruleNamingColumns = <R extends RuleNamed>(
  t: TFunction,
  headers: { name: string; mode: string; owner: string },
): ListColumn<R>[] => [
  column<R>('name', headers.name, (r) => (
    <Link to={pathOf('riskRule', { id: r.id })} data-testid="risk-rule-open">
      <bdi>{r.name}</bdi>
    </Link>
  )),
  column<R>('mode', headers.mode, (r) => <RuleModeBadge mode={r.mode} />),
  column<R>('owner_scope', headers.owner, (r) => (
    <span className="text-nowrap">
      {t(`riskRules.scopes.${r.owner_scope}`)}{' '}
      <bdi className="text-muted small">{r.merchant_db_code ?? r.reseller_db_code ?? ''}</bdi>
    </span>
  )),
];

/** /risk/rules' columns: the rule, its mode, whose it is, what it says in one line. */
export const riskRuleColumns = (t: TFunction): ListColumn<Row>[] => [
  ...ruleNamingColumns<Row>(t, {
    name: t('riskRules.columns.name'),
    mode: t('riskRules.columns.mode'),
    owner: t('riskRules.columns.owner'),
  }),
  column<Row>('definition', t('riskRules.columns.summary'), (r) => (
    <RuleSummaryText definition={r.definition} />
  )),
  column<Row>('current_version', t('riskRules.columns.version'), (r) => r.current_version, {
    headerClassName: 'text-end',
    cellClassName: 'text-end',
  }),
  dateColumn<Row>('updated_at', t('riskRules.columns.updatedAt'), (r) => r.updated_at),
];
