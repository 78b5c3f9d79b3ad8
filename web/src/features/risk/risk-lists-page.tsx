import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRiskLists, RISK_KEY_TYPES, RISK_LIST_TYPES, RISK_OWNER_SCOPES } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { NewRiskListDialog } from './new-risk-list-dialog';
import { riskListColumns } from './risk-list-columns';
import { ToolbarButton } from './toolbar-button';
import { UrlChoiceSelect, useUrlChoice } from '../../ui/list/url-choice';

/**
 * /risk/lists: the blocklists and allowlists in the caller's scope (tabs by list type; key type
 * and scope filters above it, in a row that wraps on a phone; search by name), and New list.
 */
export default function RiskListsPage() {
  const { t } = useTranslation();
  const keyType = useUrlChoice('keyType', RISK_KEY_TYPES);
  const scope = useUrlChoice('scope', RISK_OWNER_SCOPES);
  const list = useListPage(getRiskLists, {
    tabField: 'listType',
    statuses: RISK_LIST_TYPES,
    statusLabel: (type) => t(`risk.listType.${type as 'block'}`),
    fixed: {
      ...(keyType.value ? { keyType: keyType.value } : {}),
      ...(scope.value ? { scope: scope.value } : {}),
    },
  });
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => riskListColumns(t), [t]);
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('risk.lists.intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-end justify-content-end mb-2">
        <UrlChoiceSelect
          choice={keyType}
          values={RISK_KEY_TYPES}
          label={t('risk.column.keyType')}
          allLabel={t('risk.lists.allKeyTypes')}
          wordOf={(v) => t(`risk.keyType.${v}`)}
          testId="risk-key-type-filter"
        />
        <UrlChoiceSelect
          choice={scope}
          values={RISK_OWNER_SCOPES}
          label={t('risk.column.scope')}
          allLabel={t('risk.lists.allScopes')}
          wordOf={(v) => t(`risk.scope.${v}`)}
          testId="risk-scope-filter"
        />
        <ToolbarButton
          label={t('risk.lists.new')}
          icon="bi-plus-lg"
          primary
          onClick={() => setCreating(true)}
          testId="risk-list-new"
        />
      </div>
      <ListView
        list={list}
        columns={columns}
        listId="risk-lists"
        getRowId={(row) => row.id}
        filteredOutside={!!(keyType.value || scope.value)}
      />
      {creating && <NewRiskListDialog onClose={() => setCreating(false)} />}
    </>
  );
}
