import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getRiskRuleList,
  pathOf,
  RISK_OWNER_SCOPES,
  RISK_RULE_KINDS,
  type RiskOwnerScope,
  type RiskRuleKind,
  type RiskRuleMode,
} from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { ToolbarSelect } from '../../ui/select-field';
import { riskRuleColumns } from './rules-columns';

/** A choice of the URL's `name`, when it is one of `values`. */
const chosen = <T extends string>(params: URLSearchParams, name: string, values: readonly T[]) => {
  const value = params.get(name);
  return values.includes(value as T) ? (value as T) : undefined;
};

/**
 * /risk/rules: the rules the user may see, with their mode (tabs and badges), owner and one-line
 * summary; owner scope and kind filters, search, page and sort in the URL; export of every
 * matching rule; a new rule opens the editor.
 */
export default function RiskRulesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const scope = chosen<RiskOwnerScope>(params, 'scope', RISK_OWNER_SCOPES);
  const kind = chosen<RiskRuleKind>(params, 'kind', RISK_RULE_KINDS);
  const list = useListPage(getRiskRuleList, {
    tabField: 'mode',
    statusLabel: (mode) => t(`riskRules.modes.${mode as RiskRuleMode}`),
    fixed: { ...(scope ? { scope } : {}), ...(kind ? { kind } : {}) },
  });
  const columns = useMemo(() => riskRuleColumns(t), [t]);
  const choose = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });
  return (
    <>
      <RouteTitle />
      <ListView
        list={list}
        columns={columns}
        listId="risk-rules"
        getRowId={(row) => row.id}
        above={
          <div className="d-flex flex-wrap gap-2 mb-2" data-testid="risk-rules-filters">
            <ToolbarSelect
              label={t('riskRules.filters.scope')}
              value={scope ?? ''}
              onChange={(e) => choose('scope', e.target.value)}
              data-testid="risk-rules-scope"
            >
              <option value="">{`${t('riskRules.filters.scope')}: ${t('riskRules.filters.any')}`}</option>
              {RISK_OWNER_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {t(`riskRules.scopes.${s}`)}
                </option>
              ))}
            </ToolbarSelect>
            <ToolbarSelect
              label={t('riskRules.filters.kind')}
              value={kind ?? ''}
              onChange={(e) => choose('kind', e.target.value)}
              data-testid="risk-rules-kind"
            >
              <option value="">{`${t('riskRules.filters.kind')}: ${t('riskRules.filters.any')}`}</option>
              {RISK_RULE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`riskRules.kinds.${k}`)}
                </option>
              ))}
            </ToolbarSelect>
          </div>
        }
        actions={
          <Link
            to={pathOf('riskRule', { id: 'new' })}
            className="btn btn-sm btn-primary"
            data-testid="risk-rule-new"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden />
            {t('riskRules.newRule')}
          </Link>
        }
      />
    </>
  );
}
