import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { BalanceAtDialog } from './balance-at-dialog';
import { useLedgerContracts } from './ledger-pickers';
import { VerifiableStatementDialog } from './verifiable-statement-dialog';

/** Whose statement: the currencies it holds, and an admin's or reseller's choice of owner. */
interface StatementOwner {
  readonly currencies: readonly string[];
  /** None: the caller's own. */
  readonly ownerId?: string;
}

/** A button that opens a dialog beside a statement; the dialog closes itself with `close`. */
function DialogOpener({
  label,
  testId,
  dialog,
}: {
  label: string;
  testId: string;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary mb-3"
        onClick={() => setOpen(true)}
        data-testid={testId}
      >
        {label}
      </button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}

/** Opens the balances at a past instant (issue 44); none without currencies. */
export function BalanceAtButton({ currencies, ownerId }: StatementOwner) {
  const { t } = useTranslation();
  if (!currencies.length) return null;
  return (
    <DialogOpener
      label={t('reportLedgers.balanceAt.open')}
      testId="balance-at-open"
      dialog={(close) => (
        <BalanceAtDialog currencies={currencies} ownerId={ownerId} onClose={close} />
      )}
    />
  );
}

/**
 * What opens beside a statement or ledger (issue 44): the verifiable statement's download and
 * the balances at a past instant, for the caller's own accounts or an owner an admin picked.
 */
export function StatementTools({ currencies, ownerId }: StatementOwner) {
  const { t } = useTranslation();
  if (!currencies.length) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      <DialogOpener
        label={t('reportLedgers.verifiable.open')}
        testId="verifiable-statement-open"
        dialog={(close) => (
          <VerifiableStatementDialog currencies={currencies} ownerId={ownerId} onClose={close} />
        )}
      />
      <BalanceAtButton currencies={currencies} ownerId={ownerId} />
    </div>
  );
}

/**
 * The balances at a past instant of the caller's own accounts on a balance screen that an admin
 * also sees (the admin's own instant picker is /balance-reports): shown to `ownerType` only.
 */
export function OwnBalanceAtButton({ ownerType }: { ownerType: 'merchant' | 'reseller' }) {
  const isOwner = useSessionUser()?.account_type === ownerType;
  const choices = useLedgerContracts();
  if (!isOwner) return null;
  return <BalanceAtButton currencies={[...new Set(choices?.map((c) => c.currency))]} />;
}
