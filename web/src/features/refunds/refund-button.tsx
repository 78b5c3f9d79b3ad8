import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  decideAccess,
  payinAfterCare,
  requestRefund,
  type MoneyDetail,
  type PayinRow,
} from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import { RefundDialog } from './refund-dialog';

/**
 * The pay-in detail's "Refund" action: for a successful pay-in, to a merchant (or its
 * sub-account) with the payin module and to an admin on the merchant's behalf. What is still
 * refundable and the effect are quoted before confirming. Not offered once fully refunded.
 */
export default function RefundButton({ detail }: { detail: MoneyDetail }) {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const [open, setOpen] = useState(false);
  const row = detail.row as PayinRow;
  if (detail.kind !== 'payin' || row.status !== 'success') return null;
  // Nothing is left to refund once its refunds gave all of it back.
  if (payinAfterCare(row).refund === 'refunded') return null;
  if (!viewer || decideAccess(requestRefund.rule, viewer) !== 'allowed') return null;
  return (
    <div className="mb-3">
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        onClick={() => setOpen(true)}
        data-testid="refund-open"
      >
        <i className="bi bi-arrow-counterclockwise me-1" aria-hidden />
        {t('refunds.action')}
      </button>
      {open && (
        <RefundDialog
          payin={{ id: row.id, orderId: row.order_id, currency: row.currency, amount: row.amount }}
          reasonRequired={viewer.accountType === 'admin'}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}
