import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type ReconLineRow } from '@bo/contract';
import { FormDialog } from '../../ui/form-dialog';
import { isLifecycleState } from '../../ui/list/status-tones';
import { OutcomesDialog } from '../../ui/money/outcomes-dialog';
import { TextAreaField } from '../../ui/text-area-field';
import { useSubmit } from '../../ui/use-submit';
import { resolveLines, type ResolveAction, type ResolveResult } from './api/recon-resolve';
import { writeOffTotals } from './write-off-effect';

/**
 * Confirms one resolution of the chosen lines: what it does (a write-off: the amount per
 * currency going to the reconciliation-difference account, waiting for approvals), the reason
 * or note the server keeps and audits, then the result of each line.
 */
export function ResolveDialog({
  action,
  runId,
  lines,
  onCancel,
  onDone,
}: {
  action: ResolveAction;
  runId: string;
  lines: readonly ReconLineRow[];
  /** Closed without sending: the lines stay chosen. */
  onCancel: () => void;
  /** Closed after the results. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [results, setResults] = useState<ResolveResult[] | null>(null);
  const { isBusy, error, run } = useSubmit();
  const missing = tried && !reason.trim() ? t(`reconciliation.resolve.${action}.required`) : null;
  const submit = () => {
    setTried(true);
    if (!reason.trim()) return;
    void run(async () => {
      setResults(
        await resolveLines(
          action,
          runId,
          lines.map((l) => l.seq),
          reason,
        ),
      );
    });
  };
  if (results)
    return <ResolveResults action={action} lines={lines} results={results} onClose={onDone} />;
  return (
    <FormDialog
      title={t(`reconciliation.resolve.${action}.title`, { n: lines.length })}
      testId="recon-resolve-dialog"
      submitLabel={t(`reconciliation.resolve.${action}.confirm`, { n: lines.length })}
      submitTestId="recon-resolve-confirm"
      onSubmit={submit}
      onClose={onCancel}
      isBusy={isBusy}
      error={error}
      errorTestId="recon-resolve-error"
    >
      <p className="mb-2">{t(`reconciliation.resolve.${action}.effect`)}</p>
      {action === 'writeOff' && (
        <ul className="list-unstyled mb-3" data-testid="recon-write-off-effect">
          {writeOffTotals(lines).map((total) => (
            <li key={total.currency} data-currency={total.currency}>
              <strong>
                <bdi data-testid="recon-write-off-amount">
                  {formatMoney(total.amount, total.currency)} {total.currency}
                </bdi>
              </strong>{' '}
              <span className="text-muted">
                {t('reconciliation.resolve.lineCount', { n: total.count })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <TextAreaField
        name="reason"
        label={t(`reconciliation.resolve.${action}.reason`)}
        value={reason}
        maxLength={500}
        rows={3}
        required
        error={missing}
        onChange={(e) => setReason(e.target.value)}
        data-testid="recon-resolve-reason"
      />
    </FormDialog>
  );
}

/** What became of each line: its resolution (and what the gateway said), or why not. */
function ResolveResults({
  action,
  lines,
  results,
  onClose,
}: {
  action: ResolveAction;
  lines: readonly ReconLineRow[];
  results: readonly ResolveResult[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const statusWord = (status: string) =>
    isLifecycleState(status) ? t(`list.status.${status}`) : status;
  const lineOf = (seq: number) => lines.find((l) => l.seq === seq);
  const describe = (r: ResolveResult) => {
    if (!r.ok || !r.resolution) return r.message ?? '';
    const done = t(`reconciliation.resolution.${r.resolution}`);
    const parts = [r.status === 'pending' ? t('reconciliation.resolve.waits', { done }) : done];
    if (r.gateway_status)
      parts.push(t('reconciliation.resolve.gatewaySaid', { status: statusWord(r.gateway_status) }));
    if (r.our_status)
      parts.push(t('reconciliation.resolve.oursNow', { status: statusWord(r.our_status) }));
    const currency = lineOf(r.seq)?.currency ?? '';
    if (r.amount) parts.push(`${formatMoney(r.amount, currency)} ${currency}`);
    return parts.join(' · ');
  };
  return (
    <OutcomesDialog
      title={t('reconciliation.resolve.results', {
        action: t(`reconciliation.resolve.${action}.action`),
      })}
      testId="recon-resolve-results"
      lineTestId="recon-resolve-result"
      onClose={onClose}
      lines={results.map((r) => {
        const line = lineOf(r.seq);
        return {
          key: String(r.seq),
          ok: r.ok,
          name: line?.reference || line?.our_id || String(r.seq),
          text: describe(r),
          data: { resolution: r.resolution ?? '', status: r.status ?? '' },
        };
      })}
    />
  );
}
