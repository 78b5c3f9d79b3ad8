import { useTranslation } from 'react-i18next';
import { moneyText } from '../../ui/list/money-text';
import {
  QuoteFigures,
  type QuoteLine,
  type QuoteNotice,
} from '../../ui/money/request/quote-figures';
import type { AdjustmentFields } from './api/create-adjustment';

/**
 * What a confirmed adjustment will do, before it is sent: one sentence ("Debit 120.00 THB from
 * MER00001's available balance"), its fields, and how many other admins must approve it before
 * the money moves (unknown while the approval settings have not loaded).
 */
export function AdjustmentReview({
  fields,
  approvals,
}: {
  fields: AdjustmentFields;
  approvals: number | null;
}) {
  const { t } = useTranslation();
  const amount = moneyText(fields.amount, fields.currency);
  const lines: QuoteLine[] = [
    { key: 'owner', label: t('adjustments.form.owner'), value: fields.ownerDbCode },
    {
      key: 'direction',
      label: t('adjustments.form.direction'),
      value: t(`money.adjustmentDirection.${fields.direction}`),
    },
    {
      key: 'balance',
      label: t('adjustments.form.balance'),
      value: t(`adjustments.balance.${fields.balance}`),
    },
    { key: 'amount', label: t('money.request.amount'), value: amount },
    {
      key: 'reason',
      label: t('adjustments.form.reason'),
      value: t(`money.adjustmentReason.${fields.reasonCode}`),
    },
    { key: 'note', label: t('adjustments.form.note'), value: fields.note },
  ];
  if (fields.relatedId)
    lines.push({ key: 'related', label: t('adjustments.form.related'), value: fields.relatedId });
  const notices: QuoteNotice[] = [
    {
      testId: 'adjustment-approvals-needed',
      tone: 'info',
      text:
        approvals === null
          ? t('adjustments.review.needsApprovals')
          : t('adjustments.review.needsApprovalsCount', { count: approvals }),
    },
  ];
  return (
    <>
      <p className="mb-2 fw-medium" data-testid="adjustment-effect">
        {t(`adjustments.review.${fields.direction}`, {
          amount,
          owner: fields.ownerDbCode,
          balance: t(`adjustments.balanceInText.${fields.balance}`),
        })}
      </p>
      <p className="small text-muted mb-2">{t('adjustments.review.nothingMovesYet')}</p>
      <QuoteFigures testId="adjustment-summary" lines={lines} notices={notices} />
    </>
  );
}
