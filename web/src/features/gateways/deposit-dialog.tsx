import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currencyInfo,
  DEPOSIT_DIRECTIONS,
  formatAmount,
  formatMoney,
  GATEWAY_LIMITS,
  parseAmount,
  readPositiveAmount,
  type GatewayAdminRow,
} from '@bo/contract';
import { announceSuccess } from '../../lib/success-notes';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { sendAdjustGatewayDeposit } from './api/adjust-gateway-deposit';
import { ReasonField } from './gateway-status-dialog';
import { useSubmit } from '../../ui/use-submit';
import { ReviewFooter } from '../../ui/dialog-footer';

type Direction = (typeof DEPOSIT_DIRECTIONS)[number];

/** The adjustment in minor units and the balance after it, exact (bigint), or why not. */
function planOf(gateway: GatewayAdminRow, direction: Direction, amountText: string) {
  const currency = gateway.currency;
  const read = readPositiveAmount(amountText, currency);
  if (!read.ok) return { error: 'amountInvalid' as const };
  const minor = read.minor;
  const before = parseAmount(gateway.pg_deposit_balance, currency) ?? 0n;
  const after = direction === 'increase' ? before + minor : before - minor;
  if (after < 0n) return { error: 'belowZero' as const };
  return {
    amount: formatMoney(formatAmount(minor, currency), currency),
    before: formatMoney(formatAmount(before, currency), currency),
    after: formatMoney(formatAmount(after, currency), currency),
  };
}

/**
 * Adjusts a gateway's deposit balance in two steps: the form (direction, amount, reason), then
 * a confirmation showing the effect (before → after, computed exactly) before anything is sent.
 */
export function DepositDialog({
  gateway,
  onClose,
  onDone,
}: {
  gateway: GatewayAdminRow;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const radioName = useId();
  const [direction, setDirection] = useState<Direction>('increase');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [isReviewing, setReviewing] = useState(false);
  const { isBusy, run } = useSubmit();
  const currency = gateway.currency;
  const plan = planOf(gateway, direction, amount.trim());

  const review = () => {
    const next: typeof errors = {};
    const failure = 'error' in plan ? plan.error : null;
    if (failure === 'amountInvalid')
      next.amount = t('gateways.deposit.amountInvalid', { scale: currencyInfo(currency).scale });
    if (failure === 'belowZero') next.amount = t('gateways.deposit.belowZero');
    if (reason.trim().length < GATEWAY_LIMITS.reasonMin)
      next.reason = t('gateways.deposit.reasonTooShort');
    setErrors(next);
    if (!next.amount && !next.reason) setReviewing(true);
  };
  const confirm = async () => {
    const done = await run(() =>
      sendAdjustGatewayDeposit({
        id: gateway.id,
        direction,
        amount: amount.trim(),
        reason: reason.trim(),
      }),
    );
    // A refusal has told why (e.g. the balance moved meanwhile): back to the form.
    if (!done) return setReviewing(false);
    onDone();
    onClose();
    announceSuccess(
      t('gateways.deposit.done', { amount: formatMoney(done.balance_after, currency), currency }),
    );
  };

  const footer = (
    <ReviewFooter
      reviewing={isReviewing}
      busy={isBusy}
      review={{ label: t('gateways.deposit.review'), onClick: review, testId: 'deposit-review' }}
      confirm={{
        label: t('gateways.deposit.confirm'),
        onClick: () => void confirm(),
        testId: 'deposit-confirm',
      }}
      onBack={() => setReviewing(false)}
      backLabel={t('gateways.deposit.back')}
      onCancel={onClose}
    />
  );
  return (
    <Dialog
      title={
        isReviewing
          ? t('gateways.deposit.confirmTitle')
          : t('gateways.deposit.title', { name: gateway.payment_gateway_name })
      }
      onClose={isBusy ? () => undefined : onClose}
      testId="deposit-dialog"
      footer={footer}
    >
      {isReviewing && !('error' in plan) ? (
        <div data-testid="deposit-effect">
          <p className="mb-2">
            {t('gateways.deposit.effect', { name: gateway.payment_gateway_name })}
          </p>
          <p className="fs-5 mb-3">
            <bdi data-testid="deposit-before">
              {plan.before} {currency}
            </bdi>{' '}
            <i
              className={`bi bi-arrow-${i18n.dir() === 'rtl' ? 'left' : 'right'} mx-2`}
              aria-hidden
            />{' '}
            <bdi className="fw-semibold" data-testid="deposit-after">
              {plan.after} {currency}
            </bdi>
          </p>
          <p className="small text-muted mb-1">
            {t('gateways.deposit.journal', { amount: plan.amount, currency })}
          </p>
          <p className="small mb-0">
            <span className="fw-medium">{t('gateways.deposit.reason')}:</span> {reason.trim()}
          </p>
        </div>
      ) : (
        <>
          <fieldset className="mb-3">
            <legend className="form-label fw-medium fs-6">{t('gateways.deposit.direction')}</legend>
            {DEPOSIT_DIRECTIONS.map((d) => (
              <div className="form-check" key={d}>
                <input
                  className="form-check-input"
                  type="radio"
                  name={radioName}
                  id={`${radioName}-${d}`}
                  checked={direction === d}
                  onChange={() => setDirection(d)}
                  data-testid={`deposit-${d}`}
                />
                <label className="form-check-label" htmlFor={`${radioName}-${d}`}>
                  {t(`gateways.deposit.${d}`)}
                </label>
              </div>
            ))}
          </fieldset>
          <FormField
            label={t('gateways.deposit.amount', { currency })}
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setErrors((x) => ({ ...x, amount: undefined }));
            }}
            error={errors.amount}
            data-testid="deposit-amount"
          />
          <ReasonField
            value={reason}
            onChange={(v) => {
              setReason(v);
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
            label={t('gateways.deposit.reason')}
            hint={t('gateways.deposit.reasonHint')}
            error={errors.reason ?? null}
            testId="deposit-reason"
          />
        </>
      )}
    </Dialog>
  );
}
