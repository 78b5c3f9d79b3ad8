import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, GATEWAY_CONNECTORS, GATEWAY_LIMITS, type GatewayAdminRow } from '@bo/contract';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { SelectField } from '../../ui/select-field';
import { sendCreatePaymentGateway } from './api/create-payment-gateway';
import { sendUpdatePaymentGateway } from './api/update-payment-gateway';
import { useSubmit } from '../../ui/use-submit';

/** Sends the form: an update of `gateway`, or a new gateway with its fixed codes and currency. */
function sendGatewayForm(form: FormData, gateway: GatewayAdminRow | undefined) {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const settings = {
    name: text('name'),
    country: text('country'),
    connector: text('connector') as (typeof GATEWAY_CONNECTORS)[number],
    balanceLimit: text('balanceLimit'),
    payinCostPercent: text('payinCostPercent'),
    payinCostFixed: text('payinCostFixed'),
    payoutCostPercent: text('payoutCostPercent'),
    payoutCostFixed: text('payoutCostFixed'),
    credentials: text('credentials') || undefined,
  };
  return gateway
    ? sendUpdatePaymentGateway({
        id: gateway.id,
        ...settings,
        clearCredentials: form.get('clearCredentials') === '1' ? '1' : undefined,
      })
    : sendCreatePaymentGateway({
        ...settings,
        code: text('code'),
        dbCode: text('dbCode'),
        currency: text('currency'),
      });
}

/**
 * Creates a gateway or edits one (`gateway` given): name, country, connector, balance limit,
 * cost rates and credentials (write-only: never shown; empty on edit keeps the stored ones).
 * The server's refusal shows in the form, which keeps what was typed.
 */
export function GatewayFormDialog({
  gateway,
  onClose,
  onSaved,
}: {
  gateway?: GatewayAdminRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { isBusy, error, run } = useSubmit();
  const [currency, setCurrency] = useState(gateway?.currency ?? CURRENCIES[0]!.code);

  const submit = async (formElement: HTMLFormElement) => {
    const form = new FormData(formElement);
    // A refusal shows in the form, which keeps what was typed.
    const saved = await run(() => sendGatewayForm(form, gateway));
    if (!saved) return;
    onSaved();
    onClose();
  };

  return (
    <FormDialog
      title={
        gateway
          ? t('gateways.form.editTitle', { code: gateway.payment_gateway_code })
          : t('gateways.form.newTitle')
      }
      size="lg"
      testId="gateway-form"
      submitLabel={t(gateway ? 'gateways.form.save' : 'gateways.form.create')}
      submitTestId="gateway-form-save"
      onSubmit={submit}
      onClose={onClose}
      isBusy={isBusy}
      error={error}
      errorTestId="gateway-form-error"
      autoComplete="off"
    >
      <div className="row">
        <FormField
          className="col-md-8"
          label={t('gateways.fields.name')}
          name="name"
          required
          maxLength={GATEWAY_LIMITS.name}
          defaultValue={gateway?.payment_gateway_name}
          data-testid="gateway-form-name"
        />
        <FormField
          className="col-md-4"
          label={t('gateways.fields.country')}
          name="country"
          required
          maxLength={GATEWAY_LIMITS.country}
          defaultValue={gateway?.country}
          data-testid="gateway-form-country"
        />
        {gateway ? (
          <p className="form-text mt-0 mb-3">
            <bdi className="fw-medium">
              {gateway.payment_gateway_code} · {gateway.payment_db_code} · {gateway.currency}
            </bdi>{' '}
            — {t('gateways.form.fixedAfterCreate')}
          </p>
        ) : (
          <NewGatewayCodes currency={currency} setCurrency={setCurrency} />
        )}
        <SelectField
          className="col-md-4"
          label={t('gateways.fields.connector')}
          name="connector"
          defaultValue={gateway?.connector}
          data-testid="gateway-form-connector"
        >
          {GATEWAY_CONNECTORS.map((c) => (
            <option key={c} value={c}>
              {t(`gateways.connectors.${c}`)}
            </option>
          ))}
        </SelectField>
        <GatewayMoneyFields gateway={gateway} currency={currency} />
        <CredentialsField gateway={gateway} />
      </div>
    </FormDialog>
  );
}

/** A new gateway's code, database code and currency, fixed once it is created. */
function NewGatewayCodes({
  currency,
  setCurrency,
}: {
  currency: string;
  setCurrency: (currency: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        className="col-md-4"
        label={t('gateways.fields.code')}
        name="code"
        required
        maxLength={GATEWAY_LIMITS.code}
        placeholder="SBX-MYR-3"
        data-testid="gateway-form-code"
      />
      <FormField
        className="col-md-4"
        label={t('gateways.fields.dbCode')}
        name="dbCode"
        required
        maxLength={GATEWAY_LIMITS.dbCode}
        placeholder="PGMYR3"
        data-testid="gateway-form-db-code"
      />
      <SelectField
        className="col-md-4"
        label={t('gateways.fields.currency')}
        name="currency"
        value={currency}
        onChange={(e) => setCurrency(e.target.value as typeof currency)}
        data-testid="gateway-form-currency"
      >
        {CURRENCIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code}
          </option>
        ))}
      </SelectField>
    </>
  );
}

/** The balance limit and the pay-in and pay-out cost rates, in the gateway's currency. */
function GatewayMoneyFields({
  gateway,
  currency,
}: {
  gateway: GatewayAdminRow | undefined;
  currency: string;
}) {
  const { t } = useTranslation();
  const amountHint = t('gateways.form.amountHint', { currency });
  const percentHint = t('gateways.form.percentHint');
  return (
    <>
      <FormField
        className="col-md-8"
        label={t('gateways.fields.balanceLimit')}
        name="balanceLimit"
        inputMode="decimal"
        required
        defaultValue={gateway?.balance_limit ?? '0'}
        hint={amountHint}
        data-testid="gateway-form-balance-limit"
      />
      {(['payin', 'payout'] as const).map((kind) => (
        <div className="col-md-6" key={kind}>
          <div className="row">
            <FormField
              className="col-6"
              label={t(`gateways.fields.${kind}CostPercent`)}
              name={`${kind}CostPercent`}
              inputMode="decimal"
              required
              defaultValue={gateway ? Number(gateway[`${kind}_cost_percent`]).toString() : '0'}
              hint={percentHint}
              data-testid={`gateway-form-${kind}-percent`}
            />
            <FormField
              className="col-6"
              label={t(`gateways.fields.${kind}CostFixed`)}
              name={`${kind}CostFixed`}
              inputMode="decimal"
              required
              defaultValue={gateway?.[`${kind}_cost_fixed`] ?? '0'}
              hint={amountHint}
              data-testid={`gateway-form-${kind}-fixed`}
            />
          </div>
        </div>
      ))}
    </>
  );
}

/** The credentials, write-only: never shown; empty on edit keeps the stored ones. */
function CredentialsField({ gateway }: { gateway: GatewayAdminRow | undefined }) {
  const { t } = useTranslation();
  const credentialsId = useId();
  return (
    <div className="col-12 mb-3">
      <label htmlFor={credentialsId} className="form-label fw-medium">
        {t('gateways.fields.credentials')}
      </label>
      <textarea
        id={credentialsId}
        name="credentials"
        className="form-control font-monospace"
        rows={2}
        maxLength={GATEWAY_LIMITS.credentials}
        spellCheck={false}
        autoComplete="off"
        data-testid="gateway-form-credentials"
      />
      <div className="form-text">
        {t(gateway ? 'gateways.form.credentialsKeepHint' : 'gateways.form.credentialsHint')}
      </div>
      {gateway?.has_credentials && (
        <div className="form-check mt-2">
          <input
            className="form-check-input"
            type="checkbox"
            name="clearCredentials"
            value="1"
            id={`${credentialsId}-clear`}
          />
          <label className="form-check-label" htmlFor={`${credentialsId}-clear`}>
            {t('gateways.form.clearCredentials')}
          </label>
        </div>
      )}
    </div>
  );
}
