import { useTranslation } from 'react-i18next';
import { getResellerContractLedger } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { RouteTitle } from '../../ui/page-title';
import { contractOptions, LedgerPicker, useLedgerContracts, useUrlChoice } from './ledger-pickers';
import { LedgerReport } from './ledger-report';

/**
 * `/reseller-contract-acc-ledger` (`?rid=&cid=` or `/{id}`): a reseller's commission ledger in
 * the currency of a contract (the contract merchant's reseller unless `rid` names one).
 */
export default function ResellerContractLedgerPage() {
  const { t } = useTranslation();
  const [cidParam, setCID] = useUrlChoice('cid');
  const choices = useLedgerContracts()?.filter((c) => c.reseller_id);
  const chosen = useCurrentRoute().params.id ?? cidParam ?? choices?.[0]?.contract_id;
  const [rid] = useUrlChoice('rid');
  return (
    <>
      <RouteTitle />
      <LedgerPicker
        label={t('reportLedgers.picker.contract')}
        options={choices && contractOptions(choices)}
        value={chosen}
        onChange={setCID}
        testId="ledger-contract"
      />
      {chosen && (
        <LedgerReport
          byTenant
          key={`${chosen}:${rid ?? ''}`}
          call={getResellerContractLedger}
          fixed={rid ? { contractId: chosen, resellerId: rid } : { contractId: chosen }}
          listId="reseller-contract-ledger"
        />
      )}
    </>
  );
}
