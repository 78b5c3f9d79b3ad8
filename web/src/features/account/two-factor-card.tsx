import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { updateSessionUser } from '../../lib/session';
import { BusyButton } from '../../ui/busy-button';
import { FormField } from '../../ui/form-field';
import { LoadFailed } from '../../ui/load-failed';
import { PageSpinner } from '../../ui/spinner';
import { sendBeginOtpSetup } from './api/begin-otp-setup';
import { sendDisableOtp } from './api/disable-otp';
import { sendEnableOtp } from './api/enable-otp';
import { sendRegenerateRecoveryCodes } from './api/regenerate-recovery-codes';
import { SettingsCard } from '../../ui/settings-card';
import { useFullData } from './use-full-data';
import { useSubmit } from '../../ui/use-submit';

type Setup = { secret: string; qr_code: string };
type Busy = null | 'setup' | 'enable' | 'disable' | 'codes';

function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-success mt-3 mb-0" data-testid="recovery-codes">
      <h6 className="alert-heading">{t('security.recoveryCodes')}</h6>
      <p className="small">{t('security.recoveryCodesText')}</p>
      <div className="recovery-codes">
        {codes.map((code) => (
          <code key={code}>{code}</code>
        ))}
      </div>
    </div>
  );
}

/** 2FA on/off: set-up with QR code and a confirming code, recovery codes, turning it off. */
export function TwoFactorCard({ isHighlighted = false }: { isHighlighted?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isError, refetch } = useFullData();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  // A refusal leaves the card as it was.
  const submit = useSubmit<Exclude<Busy, null>>();
  const run = (which: Exclude<Busy, null>, action: () => Promise<void>) =>
    submit.run(action, which);
  const { busy } = submit;
  const refresh = async (otpEnabled: 0 | 1) => {
    await updateSessionUser({ otp_enabled: otpEnabled });
    await queryClient.invalidateQueries({ queryKey: ['getUserFullData'] });
  };

  if (isError) return <LoadFailed onRetry={() => void refetch()} />;
  if (!data) return <PageSpinner />;
  const isOn = data.otp_enabled === 1;
  const codeField = (
    <FormField
      label={isOn ? t('security.codeToConfirm') : t('security.code')}
      name="otp-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      value={code}
      onChange={(e) => setCode(e.target.value)}
      style={{ maxWidth: 220 }}
    />
  );

  return (
    <SettingsCard
      id="two-factor"
      icon="bi-shield-lock"
      title={t('security.twoFactor')}
      isHighlighted={isHighlighted}
      actions={
        <span className={`badge ${isOn ? 'bg-success' : 'bg-warning text-dark'}`}>
          {isOn ? t('common.enabled') : t('common.disabled')}
        </span>
      }
    >
      <p className="mb-3">{isOn ? t('security.twoFactorOn') : t('security.twoFactorOff')}</p>
      {!isOn && !setup && (
        <BusyButton
          className="btn-primary"
          isBusy={busy === 'setup'}
          onClick={() => run('setup', async () => setSetup(await sendBeginOtpSetup({})))}
        >
          <i className="bi bi-qr-code me-1" aria-hidden />
          {t('security.setUp')}
        </BusyButton>
      )}
      {!isOn && setup && (
        <div className="d-flex flex-wrap gap-4 align-items-start">
          <img className="qr-code" src={setup.qr_code} alt="QR code" />
          <div className="flex-grow-1" style={{ minWidth: 240 }}>
            <p className="small text-muted">{t('security.scanQr')}</p>
            <p className="mb-3">
              <span className="text-muted small d-block">{t('security.secretKey')}</span>
              <code className="fs-6" data-testid="otp-secret">
                {setup.secret}
              </code>
            </p>
            {codeField}
            <BusyButton
              className="btn-primary"
              isBusy={busy === 'enable'}
              disabled={!code.trim()}
              onClick={() =>
                run('enable', async () => {
                  const result = await sendEnableOtp({ code: code.trim() });
                  setCodes(result.recovery_codes);
                  setSetup(null);
                  setCode('');
                  await refresh(1);
                })
              }
            >
              {t('security.confirmEnable')}
            </BusyButton>
          </div>
        </div>
      )}
      {isOn && (
        <div>
          {codeField}
          <div className="d-flex flex-wrap gap-2">
            <BusyButton
              className="btn-outline-primary"
              isBusy={busy === 'codes'}
              disabled={!code.trim()}
              onClick={() =>
                run('codes', async () => {
                  const result = await sendRegenerateRecoveryCodes({ code: code.trim() });
                  setCodes(result.recovery_codes);
                  setCode('');
                })
              }
            >
              {t('security.regenerateCodes')}
            </BusyButton>
            <BusyButton
              className="btn-outline-danger"
              isBusy={busy === 'disable'}
              disabled={!code.trim()}
              onClick={() =>
                run('disable', async () => {
                  await sendDisableOtp({ code: code.trim() });
                  setCodes(null);
                  setCode('');
                  await refresh(0);
                })
              }
            >
              {t('security.disableTwoFactor')}
            </BusyButton>
          </div>
        </div>
      )}
      {codes && <RecoveryCodes codes={codes} />}
    </SettingsCard>
  );
}
