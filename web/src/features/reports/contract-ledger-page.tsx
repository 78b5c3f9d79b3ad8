import { useTranslation } from 'react-i18next';
import { getContractLedger } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { RouteTitle } from '../../ui/page-title';
import { contractOptions, LedgerPicker, useLedgerContracts, useUrlChoice } from './ledger-pickers';
import { LedgerReport } from './ledger-report';

/**
 * `/contract-acc-ledger` (`?cid=` or `/{id}`): the ledger of one merchant contract (the
 * merchant's available balance in its currency). Without a contract, the first one the user
 * may see is shown; the picker puts the choice in the URL.
 */
export default function ContractLedgerPage() {
  const { t } = useTranslation();
  const [cidParam, setCID] = useUrlChoice('cid');
  const choices = useLedgerContracts();
  const chosen = useCurrentRoute().params.id ?? cidParam ?? choices?.[0]?.contract_id;
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
          key={chosen}
          call={getContractLedger}
          fixed={{ contractId: chosen }}
          listId="contract-ledger"
        />
      )}
    </>
  );
}
