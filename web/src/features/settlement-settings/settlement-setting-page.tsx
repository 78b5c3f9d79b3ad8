import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { decideAccess, getSettlementSettings, type RouteId } from '@bo/contract';
import { RelatedScreens } from '../../ui/related-screens';
import { useSessionUser, viewerOf } from '../../lib/session';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { PageSpinner } from '../../ui/spinner';
import { settlementSettingsQuery } from './api/get-settlement-settings';
import { BankAccountsCard } from './bank-accounts-card';
import { WalletCard } from './wallet-card';

/** Without the settlements module: where the account's settlement figures can still be read. */
const WHAT_A_READER_CAN_SEE: readonly RouteId[] = [
  'merchantBalanceSettlement',
  'usdtWalletBalanceSettlement',
  'settlements',
];

/**
 * /settlement-setting (merchants): where the merchant's settlements are paid, its bank
 * accounts and its USDT wallet address. Every change is confirmed first; the server logs it.
 */
export default function SettlementSettingPage() {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const mayManage = !!viewer && decideAccess(getSettlementSettings.rule, viewer) === 'allowed';
  const { data, isError, refetch } = useQuery({ ...settlementSettingsQuery(), enabled: mayManage });
  return (
    <>
      <RouteTitle />
      {!mayManage ? (
        <div data-testid="settlement-setting-no-access">
          <p className="text-muted">{t('settlementSetting.noAccess')}</p>
          <RelatedScreens screens={WHAT_A_READER_CAN_SEE} />
        </div>
      ) : !data ? (
        isError ? (
          <LoadFailed onRetry={() => void refetch()} />
        ) : (
          <PageSpinner />
        )
      ) : (
        <div data-testid="settlement-setting">
          <p className="text-muted">
            <i className="bi bi-shield-check me-1" aria-hidden />
            {t('settlementSetting.intro')}
          </p>
          <BankAccountsCard accounts={data.bank_accounts} />
          <WalletCard wallet={data.wallet} />
        </div>
      )}
    </>
  );
}
