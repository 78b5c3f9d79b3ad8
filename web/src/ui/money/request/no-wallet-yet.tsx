import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathOf } from '@bo/contract';

/** A settlement to the USDT wallet needs the merchant's address first: where to save it. */
export function NoWalletYet() {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning py-2 small" data-testid="request-no-wallet">
      {t('money.request.noWallet')}{' '}
      <Link to={pathOf('settlementSetting')}>{t('money.request.toSettlementSetting')}</Link>
    </div>
  );
}
