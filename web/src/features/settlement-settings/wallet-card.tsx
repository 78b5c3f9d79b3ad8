import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettlementWalletRow } from '@bo/contract';
import { confirmAction } from '../../lib/popups';
import { useSessionUser } from '../../lib/session';
import { DEFAULT_TIME_ZONE, formatInTimeZone } from '../../lib/time-zone';
import { BusyButton } from '../../ui/busy-button';
import { sendRemoveSettlementWallet } from './api/remove-settlement-wallet';
import { saveChange } from './save-change';
import { SettingsCard } from '../../ui/settings-card';
import { WalletDialog } from './wallet-dialog';

/** The merchant's USDT wallet address (network and address), with Set / Change / Remove. */
export function WalletCard({ wallet }: { wallet: SettlementWalletRow | null }) {
  const { t } = useTranslation();
  const timeZone = useSessionUser()?.profileInfo?.timezone ?? DEFAULT_TIME_ZONE;
  const [isEditing, setEditing] = useState(false);
  const [isRemoving, setRemoving] = useState(false);

  const remove = async () => {
    if (!wallet) return;
    const question = t('settlementSetting.wallet.confirmRemove', { address: wallet.address });
    if (!(await confirmAction(question, t('common.remove')))) return;
    setRemoving(true);
    await saveChange(() => sendRemoveSettlementWallet({}), t('settlementSetting.wallet.removed'));
    setRemoving(false);
  };
  const setButton = (
    <button
      type="button"
      className={`btn btn-sm ${wallet ? 'btn-outline-primary' : 'btn-primary'}`}
      disabled={isRemoving}
      onClick={() => setEditing(true)}
      data-testid="set-wallet"
    >
      <i className={`bi ${wallet ? 'bi-pencil' : 'bi-plus-lg'} me-1`} aria-hidden />
      {t(wallet ? 'settlementSetting.wallet.change' : 'settlementSetting.wallet.set')}
    </button>
  );

  return (
    <SettingsCard
      testId="wallet-card"
      icon="bi-wallet2"
      title={t('settlementSetting.wallet.title')}
      text={t('settlementSetting.wallet.text')}
      actions={
        wallet && (
          <>
            {setButton}
            <BusyButton
              type="button"
              className="btn-sm btn-outline-danger"
              isBusy={isRemoving}
              onClick={() => void remove()}
              data-testid="remove-wallet"
            >
              <i className="bi bi-trash me-1" aria-hidden />
              {t('common.remove')}
            </BusyButton>
          </>
        )
      }
    >
      {wallet ? (
        <dl className="row mb-0" data-testid="wallet-details">
          <dt className="col-sm-3 text-muted fw-normal">{t('settlementSetting.wallet.network')}</dt>
          <dd className="col-sm-9">
            <span className="badge bg-primary-subtle text-primary" data-testid="wallet-network">
              {wallet.network}
            </span>
          </dd>
          <dt className="col-sm-3 text-muted fw-normal">{t('settlementSetting.wallet.address')}</dt>
          <dd className="col-sm-9">
            <bdi dir="ltr" className="font-monospace text-break" data-testid="wallet-address">
              {wallet.address}
            </bdi>
          </dd>
          <dt className="col-sm-3 text-muted fw-normal">
            {t('settlementSetting.wallet.lastChanged')}
          </dt>
          <dd className="col-sm-9 mb-0">
            <bdi>{formatInTimeZone(new Date(wallet.updated_at), timeZone)}</bdi>
          </dd>
        </dl>
      ) : (
        <div className="text-center py-4" data-testid="wallet-empty">
          <i className="bi bi-wallet2 fs-1 text-muted" aria-hidden />
          <h6 className="mt-2 mb-1">{t('settlementSetting.wallet.empty')}</h6>
          <p className="text-muted small mb-3">{t('settlementSetting.wallet.emptyText')}</p>
          {setButton}
        </div>
      )}
      {isEditing && <WalletDialog wallet={wallet} onClose={() => setEditing(false)} />}
    </SettingsCard>
  );
}
