import { useTranslation } from 'react-i18next';
import { getResellerEarningStatement } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { LedgerPicker, resellerOptions, useLedgerContracts, useUrlChoice } from './ledger-pickers';
import { LedgerReport } from './ledger-report';
import { StatementTools } from './statement-tools';

/**
 * `/reseller-earning-statement`: a reseller's commission ledger in one currency (the currency
 * filter; its first currency by default): each commission credit by merchant, each withdrawal,
 * the running balance. A reseller sees its own; an admin picks a reseller (`?rid=`).
 */
export default function ResellerEarningStatementPage() {
  const { t } = useTranslation();
  const [ridParam, setRID] = useUrlChoice('rid');
  const isReseller = useSessionUser()?.account_type === 'reseller';
  const choices = useLedgerContracts();
  const options = choices && resellerOptions(choices);
  const chosen = isReseller ? undefined : (ridParam ?? options?.[0]?.value);
  return (
    <>
      <RouteTitle />
      {isReseller && <StatementTools currencies={[...new Set(choices?.map((c) => c.currency))]} />}
      {!isReseller && (
        <LedgerPicker
          label={t('reportLedgers.picker.reseller')}
          options={options}
          value={chosen}
          onChange={setRID}
          testId="ledger-reseller"
        />
      )}
      {(isReseller || chosen) && (
        <LedgerReport
          byTenant
          key={chosen ?? 'own'}
          call={getResellerEarningStatement}
          fixed={chosen ? { resellerId: chosen } : {}}
          listId="reseller-earning-statement"
        />
      )}
    </>
  );
}
