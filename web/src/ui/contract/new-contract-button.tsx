import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createContract, decideAccess } from '@bo/contract';
import { useSessionUser, viewerOf } from '../../lib/session';
import type { MerchantChoice } from './api/get-merchant-list';
import { NewContractDialog } from './new-contract-dialog';

/** Whether the signed-in viewer's type and modules pass `createContract`'s rule. */
export function useMayCreateContract(): boolean {
  return decideAccess(createContract.rule, viewerOf(useSessionUser())) === 'allowed';
}

/**
 * "New contract" and its dialog, shown only to those `createContract`'s rule lets in (the
 * server decides again). `merchant` presets the dialog; `resellerDbCode` narrows its picker.
 */
export function NewContractButton({
  merchant,
  resellerDbCode,
  className = 'btn btn-sm btn-primary',
}: {
  merchant?: MerchantChoice;
  resellerDbCode?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const mayCreate = useMayCreateContract();
  const [isOpen, setOpen] = useState(false);
  if (!mayCreate) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        data-testid="contract-new"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t('contracts.create.button')}
      </button>
      {isOpen && (
        <NewContractDialog
          merchant={merchant}
          resellerDbCode={resellerDbCode}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
