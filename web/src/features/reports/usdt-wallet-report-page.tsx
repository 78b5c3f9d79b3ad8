import { useTranslation } from 'react-i18next';
import { getUsdtWalletLedger } from '@bo/contract';
import { useSessionUser } from '../../lib/session';
import { RouteTitle } from '../../ui/page-title';
import { LedgerPicker, merchantOptions, useLedgerContracts, useUrlChoice } from './ledger-pickers';
import { LedgerReport } from './ledger-report';

/**
 * `/usdt-wallet-balance-settlement`: a merchant's USDT wallet ledger (settlements into it,
 * withdrawals out of it, running USDT balance). A merchant sees its own; admins and resellers
 * pick a merchant (`?mid=`).
 */
export default function UsdtWalletReportPage() {
  const { t } = useTranslation();
  const [midParam, setMID] = useUrlChoice('mid');
  const isMerchant = useSessionUser()?.account_type === 'merchant';
  const choices = useLedgerContracts();
  const options = choices && merchantOptions(choices);
  const chosen = isMerchant ? undefined : (midParam ?? options?.[0]?.value);
  return (
    <>
      <RouteTitle />
      {!isMerchant && (
        <LedgerPicker
          label={t('reportLedgers.picker.merchant')}
          options={options}
          value={chosen}
          onChange={setMID}
          testId="ledger-merchant"
        />
      )}
      {(isMerchant || chosen) && (
        <LedgerReport
          key={chosen ?? 'own'}
          call={getUsdtWalletLedger}
          fixed={chosen ? { merchantId: chosen } : {}}
          listId="usdt-wallet-ledger"
        />
      )}
    </>
  );
}
