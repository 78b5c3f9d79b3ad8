import { useTranslation } from 'react-i18next';
import { getContractLedger, getResellerContractLedger } from '@bo/contract';
import { useCurrentRoute } from '../../lib/current-route';
import { RouteTitle } from '../../ui/page-title';
import { contractOptions, LedgerPicker, useLedgerContracts, useUrlChoice } from './ledger-pickers';
import { LedgerReport } from './ledger-report';
import { StatementTools } from './statement-tools';
import { useSessionUser } from '../../lib/session';

/** Whose ledger of a contract the page shows: the merchant's balance or its reseller's commission. */
export type ContractLedgerScope = 'merchant' | 'reseller';

const SCOPES = {
  merchant: { call: getContractLedger, listId: 'contract-ledger', isReseller: false },
  reseller: {
    call: getResellerContractLedger,
    listId: 'reseller-contract-ledger',
    isReseller: true,
  },
} as const;

/**
 * The ledger of one contract, `?cid=` or `/{id}`. Without a contract, the first one the user may
 * see is shown; the picker puts the choice in the URL.
 * - `merchant` (`/contract-acc-ledger`): the merchant's available balance in its currency.
 * - `reseller` (`/reseller-contract-acc-ledger`, also `?rid=`): a reseller's commission ledger in
 *   the currency of a contract (the contract merchant's reseller unless `rid` names one); only
 *   contracts with a reseller are offered.
 */
export function ContractLedgerPage({ scope }: { scope: ContractLedgerScope }) {
  const { t } = useTranslation();
  const { call, listId, isReseller } = SCOPES[scope];
  const [cidParam, setCID] = useUrlChoice('cid');
  const [ridParam] = useUrlChoice('rid');
  const rid = isReseller ? ridParam : undefined;
  const contracts = useLedgerContracts();
  const choices = isReseller ? contracts?.filter((c) => c.reseller_id) : contracts;
  const chosen = useCurrentRoute().params.id ?? cidParam ?? choices?.[0]?.contract_id;
  const isMerchant = useSessionUser()?.account_type === 'merchant';
  return (
    <>
      <RouteTitle />
      {isMerchant && !isReseller && (
        <StatementTools currencies={[...new Set(choices?.map((c) => c.currency))]} />
      )}
      <LedgerPicker
        label={t('reportLedgers.picker.contract')}
        options={choices && contractOptions(choices)}
        value={chosen}
        onChange={setCID}
        testId="ledger-contract"
      />
      {chosen && (
        <LedgerReport
          byTenant={isReseller}
          key={`${chosen}:${rid ?? ''}`}
          call={call}
          fixed={rid ? { contractId: chosen, resellerId: rid } : { contractId: chosen }}
          listId={listId}
        />
      )}
    </>
  );
}

/** The `contractAccLedger` screens. */
export const MerchantContractLedgerPage = () => <ContractLedgerPage scope="merchant" />;

/** The `resellerContractAccLedger` screens. */
export const ResellerContractLedgerPage = () => <ContractLedgerPage scope="reseller" />;
