import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getOutbox, OUTBOX_STATES, type OutboxRow, type OutboxState } from '@bo/contract';
import { ListView } from '../../ui/list/list-view';
import { useListPage } from '../../ui/list/use-list-page';
import { RouteTitle } from '../../ui/page-title';
import { ConfirmOutboxResend } from './confirm-outbox-resend';
import { HeldMailDialog } from './held-mail-dialog';
import { outboxColumns } from './outbox-columns';

/**
 * /admin-outbox: every message the back office sends on its own (mail today), newest first,
 * with its state, attempts and last error; state tabs, a search by recipient or subject and
 * dates, all in the URL; export; Resend (confirmed) for a held or abandoned one; Read for a
 * held mail's body (no SMTP server: nobody else can read it; a reset link to an admin is hidden).
 */
export default function AdminOutboxPage() {
  const { t } = useTranslation();
  const list = useListPage(getOutbox, {
    statusLabel: (status) =>
      OUTBOX_STATES.includes(status as OutboxState)
        ? t(`administration.outbox.status.${status as OutboxState}`)
        : status,
  });
  const [resending, setResending] = useState<OutboxRow | null>(null);
  const [reading, setReading] = useState<OutboxRow | null>(null);
  const columns = useMemo(() => outboxColumns(t, setResending, setReading), [t]);
  return (
    <>
      <RouteTitle />
      <p className="text-muted">{t('administration.outbox.intro')}</p>
      <ListView list={list} columns={columns} listId="admin-outbox" getRowId={(r) => r.id} />
      {resending && <ConfirmOutboxResend message={resending} onClose={() => setResending(null)} />}
      {reading && <HeldMailDialog message={reading} onClose={() => setReading(null)} />}
    </>
  );
}
