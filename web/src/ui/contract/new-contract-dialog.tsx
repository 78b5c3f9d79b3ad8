import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, decideAccess, getPaymentGatewayList, type ContractRow } from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { useSessionUser, viewerOf } from '../../lib/session';
import { FormDialog } from '../form-dialog';
import { refreshContracts, sendCreateContract } from './api/create-contract';
import type { MerchantChoice } from './api/get-merchant-list';
import { activeGatewaysQuery } from './api/get-payment-gateway-list';
import { readRefusal, type ContractErrors } from './contract-refusal';
import { FeePreviewPanel } from './fee-preview-panel';
import { MerchantPicker } from './merchant-picker';
import { draftFields, effectiveInstant, emptyDraft, type RateDraft } from './rate-draft';
import { EffectiveFromField, RateFieldsets } from './rate-fieldsets';

const ALL_CURRENCIES = CURRENCIES.map((c) => c.code as string);

/**
 * A merchant's new contract in one currency: optionally one active gateway of it, the pay-in,
 * pay-out and settlement rates with the reseller's beneath each, and the date it applies from.
 * Opened from a merchant it is preset with that merchant; elsewhere it picks one (of
 * `resellerDbCode`'s merchants when given). The fee preview follows the draft; the server
 * checks the rates as for any new version and its refusal shows beside the field it names.
 */
export function NewContractDialog({
  merchant: preset,
  resellerDbCode,
  onClose,
  onSaved,
}: {
  merchant?: MerchantChoice;
  resellerDbCode?: string;
  onClose: () => void;
  onSaved?: (contract: ContractRow) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [merchant, setMerchant] = useState<MerchantChoice | null>(preset ?? null);
  const [pickedCurrency, setCurrency] = useState('');
  const [pickedGateway, setGateway] = useState('');
  const [effective, setEffective] = useState('');
  const [draft, setDraft] = useState<RateDraft>(emptyDraft);
  const [errors, setErrors] = useState<ContractErrors>({});
  const choices = useContractChoices(merchant, pickedCurrency, pickedGateway);
  const { currency, gateway } = choices;
  const { save, isBusy, formError } = useSaveNewContract(setErrors, onClose, onSaved);
  const set = (field: keyof ContractErrors, apply: () => void) => {
    apply();
    setErrors((all) => ({ ...all, [field]: undefined }));
  };
  const select = (name: SelectName, value: string, onChange: (value: string) => void) => ({
    id,
    name,
    value,
    error: errors[name],
    onChange: (next: string) => set(name, () => onChange(next)),
  });

  return (
    <FormDialog
      title={
        preset ? (
          <>
            {t('contracts.create.titleFor')} <bdi>{preset.name}</bdi>
          </>
        ) : (
          t('contracts.create.title')
        )
      }
      size="xl"
      testId="contract-new-dialog"
      submitLabel={t('contracts.create.save')}
      submitTestId="contract-new-save"
      onSubmit={() => save({ merchant, currency, gateway, effective, draft })}
      onClose={onClose}
      isBusy={isBusy}
      error={formError}
      errorTestId="contract-new-error"
      autoComplete="off"
    >
      <p className="small text-muted">{t('contracts.create.intro')}</p>
      <div className="row">
        <div className="col-lg-7">
          {preset ? (
            <p className="mb-3" data-testid="contract-merchant-fixed">
              <span className="text-muted small">{t('contracts.merchant')}: </span>
              <bdi>{preset.name}</bdi> (<bdi>{preset.account_db_code}</bdi>)
            </p>
          ) : (
            <MerchantPicker
              value={merchant}
              resellerDbCode={resellerDbCode}
              error={errors.merchantDbCode}
              onChange={(m) => set('merchantDbCode', () => setMerchant(m))}
            />
          )}
          <div className="row g-2">
            <ContractSelect
              {...select('currency', currency, setCurrency)}
              options={choices.currencies.map((c) => ({ value: c, label: c }))}
            />
            <ContractSelect
              {...select('paymentGatewayCode', gateway, setGateway)}
              options={[
                { value: '', label: t('contracts.create.anyGateway') },
                ...choices.gatewayRows.map((g) => ({
                  value: g.payment_gateway_code,
                  label: `${g.payment_gateway_name} (${g.payment_gateway_code})`,
                })),
              ]}
              note={
                choices.gatewaysFailed
                  ? t('contracts.create.gatewaysFailed')
                  : t('contracts.create.gatewayHint')
              }
            />
          </div>
          <EffectiveFromField
            value={effective}
            error={errors.effectiveFrom}
            onChange={(value) => set('effectiveFrom', () => setEffective(value))}
          />
          <RateFieldsets
            draft={draft}
            errors={errors}
            onChange={(name, value) => set(name, () => setDraft((d) => ({ ...d, [name]: value })))}
          />
        </div>
        <div className="col-lg-5">
          {merchant && currency ? (
            <FeePreviewPanel
              merchantDbCode={merchant.account_db_code}
              currency={currency}
              gatewayCode={gateway}
              draft={draft}
            />
          ) : (
            <p className="border rounded p-3 text-muted small" data-testid="fee-preview-waiting">
              {t('contracts.create.previewNeedsMerchant')}
            </p>
          )}
        </div>
      </div>
    </FormDialog>
  );
}

/**
 * The currencies the merchant may contract in (its own when it has any) and the active gateways
 * of the one chosen, with the picks kept only while they are among them.
 */
function useContractChoices(
  merchant: MerchantChoice | null,
  pickedCurrency: string,
  pickedGateway: string,
) {
  const viewer = viewerOf(useSessionUser());
  // A merchant's own currencies when it has any, so its contract is in one it may use.
  const currencies = merchant?.currencies.length ? merchant.currencies : ALL_CURRENCIES;
  const currency = currencies.includes(pickedCurrency) ? pickedCurrency : (currencies[0] ?? '');
  const mayListGateways = decideAccess(getPaymentGatewayList.rule, viewer) === 'allowed';
  const gateways = useQuery({
    ...activeGatewaysQuery(currency),
    enabled: mayListGateways && currency !== '',
  });
  const gatewayRows = gateways.data?.rows ?? [];
  const gateway = gatewayRows.some((g) => g.payment_gateway_code === pickedGateway)
    ? pickedGateway
    : '';
  return { currencies, currency, gatewayRows, gateway, gatewaysFailed: gateways.isError };
}

/** What the new contract's form holds when it is sent. */
interface NewContractForm {
  merchant: MerchantChoice | null;
  currency: string;
  gateway: string;
  effective: string;
  draft: RateDraft;
}

/**
 * Sends the new contract once the merchant and the date are good; a refusal shows beside the
 * field it names (`setErrors`) or above the form (`formError`).
 */
function useSaveNewContract(
  setErrors: (errors: ContractErrors) => void,
  onClose: () => void,
  onSaved?: (contract: ContractRow) => void,
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const save = async ({ merchant, currency, gateway, effective, draft }: NewContractForm) => {
    const instant = effectiveInstant(effective);
    const problems: ContractErrors = {
      ...(!merchant && { merchantDbCode: t('contracts.create.needsMerchant') }),
      ...(instant === null && { effectiveFrom: t('contracts.create.badDate') }),
    };
    setErrors(problems);
    setFormError(null);
    if (!merchant || instant === null) return;
    setBusy(true);
    try {
      const saved = await sendCreateContract({
        merchantDbCode: merchant.account_db_code,
        currency,
        ...(gateway && { paymentGatewayCode: gateway }),
        ...(instant && { effectiveFrom: instant }),
        ...draftFields(draft),
      });
      await refreshContracts();
      announceSuccess(
        t('contracts.create.saved', {
          merchant: merchant.name,
          currency: saved.currency,
          version: saved.version,
        }),
      );
      onSaved?.(saved);
      onClose();
    } catch (failure) {
      const { field, text } = readRefusal(t, failure);
      if (field) setErrors({ [field]: text });
      else setFormError(text);
      setBusy(false);
    }
  };
  return { save, isBusy, formError };
}

type SelectName = 'currency' | 'paymentGatewayCode';

/** The currency's or the gateway's select, its note or refusal beneath it. */
function ContractSelect({
  id,
  name,
  value,
  error,
  onChange,
  options,
  note,
}: {
  /** The dialog's id, the select's own prefixed with it. */
  id: string;
  name: SelectName;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  note?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="col-sm-6 mb-3">
      <label className="form-label small mb-1" htmlFor={`${id}-${name}`}>
        {t(name === 'currency' ? 'contracts.currency' : 'contracts.gateway')}
      </label>
      <select
        id={`${id}-${name}`}
        className={`form-select form-select-sm ${error ? 'is-invalid' : ''}`}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${name}-note`}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`contract-${name}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div
        id={`${id}-${name}-note`}
        className={error ? 'invalid-feedback' : 'form-text'}
        data-testid={error ? `contract-${name}-error` : undefined}
      >
        {error ?? note}
      </div>
    </div>
  );
}
