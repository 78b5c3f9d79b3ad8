import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAdjustment, decideAccess } from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import { AdjustmentDialog } from './adjustment-dialog';

/** The adjustment lists' "New adjustment" button and its form, for admins who may make one. */
export function AdjustmentButton() {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const [open, setOpen] = useState(false);
  if (!viewer || decideAccess(createAdjustment.rule, viewer) !== 'allowed') return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        onClick={() => setOpen(true)}
        data-testid="adjustment-new"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t('adjustments.new')}
      </button>
      {open && <AdjustmentDialog onClose={() => setOpen(false)} />}
    </>
  );
}
