import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USDT_NETWORKS, type SettlementWalletRow, type UsdtNetwork } from '@bo/contract';
import { FormField } from '../../ui/form-field';
import { sendSetSettlementWallet } from './api/set-settlement-wallet';
import { ReviewedFormDialog } from './reviewed-form-dialog';
import { saveChange } from './save-change';
import {
  DEFAULT_NETWORK,
  NETWORK_KEYS,
  WALLET_ADDRESS_MAX_LENGTH,
  walletAddressProblem,
  type WalletDraft,
} from './wallet-draft';
import { SelectField } from '../../ui/select-field';

/**
 * Sets or changes the USDT wallet address: network and address, the address checked for its
 * network's shape in place, then a review (with the address it replaces) before it is sent.
 */
export function WalletDialog({
  wallet,
  onClose,
}: {
  wallet: SettlementWalletRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<WalletDraft>({
    network: wallet?.network ?? DEFAULT_NETWORK,
    address: wallet?.address ?? '',
  });
  const [problem, setProblem] = useState<'missing' | 'format' | null>(null);
  const networkKey = NETWORK_KEYS[draft.network];
  const change = (patch: Partial<WalletDraft>) => {
    setDraft({ ...draft, ...patch });
    setProblem(null);
  };

  return (
    <ReviewedFormDialog
      title={t(
        wallet ? 'settlementSetting.wallet.changeTitle' : 'settlementSetting.wallet.setTitle',
      )}
      testId="wallet-dialog"
      onClose={onClose}
      isValid={() => {
        const found = walletAddressProblem(draft);
        setProblem(found);
        return found === null;
      }}
      review={() => [
        {
          label: t('settlementSetting.wallet.network'),
          value: draft.network,
          previous: wallet?.network,
        },
        {
          label: t('settlementSetting.wallet.address'),
          value: draft.address.trim(),
          previous: wallet?.address,
          isCode: true,
        },
      ]}
      save={() =>
        saveChange(
          () => sendSetSettlementWallet({ network: draft.network, address: draft.address.trim() }),
          t('settlementSetting.wallet.saved'),
        )
      }
    >
      <SelectField
        id="wallet-network"
        label={t('settlementSetting.wallet.network')}
        name="network"
        value={draft.network}
        onChange={(e) => change({ network: e.target.value as UsdtNetwork })}
      >
        {USDT_NETWORKS.map((network) => (
          <option key={network} value={network}>
            {t(`settlementSetting.wallet.networkName.${NETWORK_KEYS[network]}`)}
          </option>
        ))}
      </SelectField>
      <FormField
        label={t('settlementSetting.wallet.address')}
        name="address"
        value={draft.address}
        maxLength={WALLET_ADDRESS_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        style={{ fontFamily: 'var(--bs-font-monospace)' }}
        error={
          problem === 'missing'
            ? t('settlementSetting.wallet.addressRequired')
            : problem && t(`settlementSetting.wallet.addressFormat.${networkKey}`)
        }
        hint={t(`settlementSetting.wallet.hint.${networkKey}`)}
        onChange={(e) => change({ address: e.target.value })}
      />
      <div className="alert alert-warning small mb-0 d-flex gap-2">
        <i className="bi bi-exclamation-triangle" aria-hidden />
        <span>{t('settlementSetting.wallet.warning')}</span>
      </div>
    </ReviewedFormDialog>
  );
}
