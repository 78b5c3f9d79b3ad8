import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoneyTruncated, pathOf } from '@bo/contract';
import { LoadFailed } from '../../ui/load-failed';
import { Spinner } from '../../ui/spinner';
import { usdtWalletBalanceQuery } from './api/get-usdt-wallet-balance';

/** Non-admins: the USDT wallet balance with a Withdraw USDT link to the settlements. */
export function UsdtWalletBar({
  accountDbCode,
  refetchInterval,
  canWithdraw,
}: {
  accountDbCode: string;
  refetchInterval: number | false;
  canWithdraw: boolean;
}) {
  const { t } = useTranslation();
  const balance = useQuery(usdtWalletBalanceQuery(accountDbCode, refetchInterval));
  return (
    <div className="card usdt-wallet-bar" data-testid="usdt-wallet-bar">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <div className="usdt-wallet-icon" aria-hidden>
          <i className="bi bi-wallet2" />
        </div>
        <div className="flex-grow-1">
          <div className="text-muted small">{t('dashboard.usdtWalletBalance')}</div>
          {balance.isPending ? (
            <Spinner size="sm" />
          ) : balance.isError ? (
            <LoadFailed onRetry={() => void balance.refetch()} />
          ) : (
            <div className="fs-4 fw-semibold text-body" data-testid="usdt-wallet-balance">
              <bdi>{formatMoneyTruncated(balance.data.balance)}</bdi>{' '}
              <span className="fs-6 text-muted">USDT</span>
            </div>
          )}
        </div>
        {canWithdraw && (
          <Link
            to={pathOf('settlements')}
            className="btn btn-primary"
            data-testid="withdraw-usdt-link"
          >
            <i className="bi bi-cash-coin me-1" aria-hidden />
            {t('dashboard.withdrawUsdt')}
          </Link>
        )}
      </div>
    </div>
  );
}
