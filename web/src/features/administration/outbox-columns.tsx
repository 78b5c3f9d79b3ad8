import type { TFunction } from 'i18next';
import { OUTBOX_RESENDABLE, type OutboxRow, type OutboxState } from '@bo/contract';
import { column, dateColumn, type ListColumn } from '../../ui/list/columns';
import type { StatusTone } from '../../ui/list/status-tones';

/** One colour per outbox state: waiting, held back, given up, delivered. */
const STATE_TONES: Record<OutboxState, StatusTone> = {
  pending: 'warning',
  held: 'secondary',
  abandoned: 'danger',
  sent: 'success',
};

/** Whether Resend is offered (`OUTBOX_RESENDABLE`: a held or abandoned message). */
export const mayResend = (row: OutboxRow) => OUTBOX_RESENDABLE.includes(row.status);

/** Whether Read is offered: a held mail, whose body nobody else can read (no SMTP server). */
const mayRead = (row: OutboxRow) => row.status === 'held' && row.channel === 'mail';

/**
 * The outbox's columns: when, why, to whom, what about, how its sending goes; a held mail's
 * body opens on Read (`read`), never in the list.
 */
export function outboxColumns(
  t: TFunction,
  resend: (row: OutboxRow) => void,
  read: (row: OutboxRow) => void,
): ListColumn<OutboxRow>[] {
  return [
    dateColumn<OutboxRow>(
      'created_at',
      t('administration.outbox.columns.created'),
      (r) => r.created_at,
    ),
    column<OutboxRow>('kind', t('administration.outbox.columns.kind'), (r) => (
      <>
        <div className="small">{t(`administration.outbox.channel.${r.channel}`)}</div>
        <bdi className="small text-muted font-monospace">{r.kind}</bdi>
      </>
    )),
    column<OutboxRow>('recipient', t('administration.outbox.columns.recipient'), (r) => (
      <bdi className="text-break">{r.recipient}</bdi>
    )),
    column<OutboxRow>('subject', t('administration.outbox.columns.subject'), (r) => (
      <bdi>{r.subject}</bdi>
    )),
    column<OutboxRow>('status', t('administration.outbox.columns.status'), (r) => (
      <span
        className={`badge bg-${STATE_TONES[r.status]}-subtle text-${STATE_TONES[r.status]}-emphasis`}
        data-status={r.status}
        data-testid="outbox-status"
      >
        {t(`administration.outbox.status.${r.status}`)}
      </span>
    )),
    column<OutboxRow>('attempts', t('administration.outbox.columns.attempts'), (r) => r.attempts, {
      headerClassName: 'text-end',
      cellClassName: 'text-end',
    }),
    column<OutboxRow>('last_error', t('administration.outbox.columns.lastError'), (r) =>
      r.last_error ? <bdi className="small text-break">{r.last_error}</bdi> : '',
    ),
    dateColumn<OutboxRow>('sent_at', t('administration.outbox.columns.sent'), (r) => r.sent_at),
    dateColumn<OutboxRow>(
      'next_attempt_at',
      t('administration.outbox.columns.nextAttempt'),
      (r) => r.next_attempt_at,
    ),
    column<OutboxRow>(
      'actions',
      t('administration.outbox.columns.actions'),
      (r) =>
        // Nothing when there is nothing to do (a phone's card shows no empty actions row).
        !mayRead(r) && !mayResend(r) ? null : (
          <div className="d-flex gap-1">
            {mayRead(r) && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary text-nowrap"
                onClick={() => read(r)}
                aria-label={`${t('administration.outbox.read')}: ${r.recipient}`}
                data-testid="outbox-read"
              >
                <i className="bi bi-envelope-open me-1" aria-hidden />
                {t('administration.outbox.read')}
              </button>
            )}
            {mayResend(r) && (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary text-nowrap"
                onClick={() => resend(r)}
                data-testid="outbox-resend"
              >
                <i className="bi bi-arrow-repeat me-1" aria-hidden />
                {t('administration.outbox.resend')}
              </button>
            )}
          </div>
        ),
      { label: t('administration.outbox.columns.actions') },
    ),
  ];
}
