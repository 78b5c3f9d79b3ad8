import { useTranslation } from 'react-i18next';
import { GATEWAY_LIMITS, SANDBOX_MAX_LATENCY_MS, type GatewayAdminRow } from '@bo/contract';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { SwitchField } from '../../ui/switch-field';
import { useSubmit } from '../../ui/use-submit';
import { announceSuccess } from '../../lib/success-notes';
import { sendSetSandboxBehaviour } from './api/set-sandbox-behaviour';

/**
 * How a sandbox gateway behaves (`setSandboxBehaviour`, issue 43): the share it pays, how long
 * it takes to answer, whether it is down (refusing every hand-over) and whether it pays its
 * pay-ins without a payer, with the reason the admin log keeps. For a test, a demo or a drill:
 * fail a gateway and watch routing move traffic off it (the monitoring page's live view) and
 * back. The server's refusal shows in the form, which keeps what was typed.
 */
export function SandboxDialog({
  gateway,
  onClose,
  onDone,
}: {
  gateway: GatewayAdminRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { isBusy, error, run } = useSubmit();
  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const done = await run(() =>
      sendSetSandboxBehaviour({
        id: gateway.id,
        successPercent: text('successPercent'),
        latencyMs: text('latencyMs'),
        refusesHandOvers: form.get('refusesHandOvers') === '1',
        paysAlone: form.get('paysAlone') === '1',
        reason: text('reason'),
      }),
    );
    if (!done) return;
    onDone();
    onClose();
    announceSuccess(t('gateways.sandbox.done', { code: done.payment_gateway_code }));
  };
  return (
    <FormDialog
      title={t('gateways.sandbox.title', { code: gateway.payment_gateway_code })}
      testId="sandbox-dialog"
      submitLabel={t('gateways.sandbox.save')}
      submitTestId="sandbox-save"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error}
      errorTestId="sandbox-error"
      autoComplete="off"
    >
      <p className="small text-muted">{t('gateways.sandbox.intro')}</p>
      <div className="row">
        <FormField
          className="col-sm-6"
          label={t('gateways.sandbox.successPercent')}
          hint={t('gateways.sandbox.successHint')}
          name="successPercent"
          inputMode="decimal"
          required
          defaultValue={Number(gateway.sandbox_success_percent).toString()}
          data-testid="sandbox-success"
        />
        <FormField
          className="col-sm-6"
          label={t('gateways.sandbox.latencyMs')}
          hint={t('gateways.sandbox.latencyHint', { max: SANDBOX_MAX_LATENCY_MS })}
          name="latencyMs"
          inputMode="numeric"
          required
          defaultValue={String(gateway.sandbox_latency_ms)}
          data-testid="sandbox-latency"
        />
      </div>
      <SwitchField
        name="refusesHandOvers"
        value="1"
        label={t('gateways.sandbox.refusesHandOvers')}
        hint={t('gateways.sandbox.refusesHint')}
        defaultChecked={gateway.sandbox_refuses_hand_overs}
        testId="sandbox-refusesHandOvers"
      />
      <SwitchField
        name="paysAlone"
        value="1"
        label={t('gateways.sandbox.paysAlone')}
        hint={t('gateways.sandbox.paysAloneHint')}
        defaultChecked={gateway.sandbox_pays_alone}
        testId="sandbox-paysAlone"
      />
      <FormField
        label={t('gateways.sandbox.reason')}
        hint={t('gateways.sandbox.reasonHint')}
        name="reason"
        required
        maxLength={GATEWAY_LIMITS.reason}
        data-testid="sandbox-reason"
      />
    </FormDialog>
  );
}
