import { Fragment, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEE_MOVEMENTS, PREVIEW_MOVEMENTS, type PreviewMovement } from '@bo/contract';
import { ToolbarSelect } from '../select-field';
import { feePreviewQuery, type FeePreview } from './api/get-fee-preview';
import { contractFieldLabel } from './contract-refusal';
import { draftFields, refusalInWords, type RateDraft } from './rate-draft';

const FIGURES = [
  'fee',
  'reseller_commission',
  'platform_profit',
  'gateway_cost',
  'merchant_net',
  'merchant_pays',
] as const satisfies readonly (keyof FeePreview)[];

/**
 * Type a sample amount and see how it splits (merchant fee, reseller commission, platform
 * profit, gateway cost, merchant net; for a refund, what leaves the merchant's balance),
 * computed by the server with the ledger's own `splitFee`:
 * by the draft rates when given, else by the contract in force. Figures the viewer may not see
 * come back empty and are left out.
 */
export function FeePreviewPanel({
  merchantDbCode,
  currency,
  gatewayCode,
  draft,
}: {
  merchantDbCode: string;
  currency: string;
  gatewayCode: string;
  draft?: RateDraft;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('1000');
  const [movement, setMovement] = useState<PreviewMovement>('payin');
  const query = useQuery({
    ...feePreviewQuery({
      merchantDbCode,
      currency,
      movement,
      amount: amount.trim(),
      ...(gatewayCode ? { paymentGatewayCode: gatewayCode } : {}),
      ...(draft ? { draft: '1', ...draftFields(draft) } : {}),
    }),
    enabled: amount.trim() !== '',
  });
  const preview = query.data;
  return (
    <div className="border rounded p-3 bg-light-subtle" data-testid="fee-preview">
      <h6 className="mb-3">{t('contracts.preview.title')}</h6>
      <div className="row g-2 mb-3">
        <div className="col-sm-6">
          <label className="form-label small" htmlFor="preview-amount">
            {t('contracts.preview.amount', { currency })}
          </label>
          <input
            id="preview-amount"
            className="form-control form-control-sm"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            // The panel sits inside contract forms: Enter here asks for a preview, not a save.
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.preventDefault();
            }}
            dir="ltr"
            data-testid="preview-amount"
          />
        </div>
        <ToolbarSelect
          id="preview-movement"
          label={t('contracts.preview.movement')}
          labelShown="above"
          labelClassName=""
          boxClassName="col-sm-6"
          value={movement}
          onChange={(e) => setMovement(e.target.value as PreviewMovement)}
        >
          {PREVIEW_MOVEMENTS.map((m) => (
            <option key={m} value={m}>
              {t(`contracts.movement.${m}`)}
            </option>
          ))}
        </ToolbarSelect>
      </div>
      {query.isError && (
        <div className="text-danger small" role="alert" data-testid="preview-error">
          {refusalInWords(query.error.message, (f) => contractFieldLabel(t, f))}
        </div>
      )}
      {query.isPending && amount.trim() !== '' && (
        <div className="text-muted small">{t('contracts.preview.loading')}</div>
      )}
      {preview && !query.isError && (
        <dl className="row mb-0 small">
          {FIGURES.filter((f) => preview[f] !== null).map((f) => (
            <Fragment key={f}>
              <dt className="col-7 fw-normal">{t(`contracts.preview.${f}`)}</dt>
              <dd className="col-5 text-end mb-1" data-testid={`preview-${f}`}>
                <bdi>{`${preview[f]} ${currency}`}</bdi>
              </dd>
            </Fragment>
          ))}
          {FEE_MOVEMENTS[movement].gatewayCost &&
            preview.payment_gateway_code &&
            preview.gateway_cost !== null && (
              <div className="col-12 text-muted">
                {t('contracts.preview.gatewayNote', { gateway: preview.payment_gateway_code })}
              </div>
            )}
        </dl>
      )}
    </div>
  );
}
