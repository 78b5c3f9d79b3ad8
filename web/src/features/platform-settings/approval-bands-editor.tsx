import { useTranslation } from 'react-i18next';
import { currencyInfo, MAX_APPROVAL_BANDS, MAX_TIER_APPROVERS } from '@bo/contract';
import type { BandDraft, BandProblem } from './approval-bands';

/** A problem of the bands to show: in its row, or under the bands (the server's refusal). */
export type BandsError = { row: number; problem: BandProblem } | { row: null; text: string };

const APPROVER_CHOICES = Array.from({ length: MAX_TIER_APPROVERS }, (_, i) => i + 1);

/**
 * One kind's and currency's bands as the form edits them: per row the amount it starts from
 * (the first always 0) and the approvers it needs, a row removed or added, a problem shown in
 * its row.
 */
export function ApprovalBandsEditor({
  drafts,
  currency,
  error,
  onChange,
}: {
  drafts: readonly BandDraft[];
  currency: string;
  error: BandsError | null;
  onChange: (drafts: BandDraft[]) => void;
}) {
  const { t } = useTranslation();
  const change = (row: number, draft: Partial<BandDraft>) =>
    onChange(drafts.map((d, i) => (i === row ? { ...d, ...draft } : d)));
  const problemText = (problem: BandProblem) =>
    problem === 'amount'
      ? t('platformSettings.errors.amount', { decimals: currencyInfo(currency).scale })
      : t(`platformSettings.approvals.tiers.problems.${problem}`);

  return (
    <div className="mb-3">
      <table className="table table-sm align-middle mb-2" data-testid="approval-bands">
        <thead>
          <tr>
            <th scope="col">{t('platformSettings.approvals.tiers.from')}</th>
            <th scope="col">{t('platformSettings.approvals.tiers.approvers')}</th>
            <th scope="col">
              <span className="visually-hidden">
                {t('platformSettings.approvals.tiers.remove')}
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, row) => {
            const problem = error?.row === row ? problemText(error.problem) : null;
            const errorId = `approval-band-${row}-error`;
            return (
              <tr key={row} data-testid={`approval-band-${row}`}>
                <td>
                  <input
                    className={`form-control form-control-sm ${problem ? 'is-invalid' : ''}`}
                    inputMode="decimal"
                    dir="ltr"
                    readOnly={row === 0}
                    value={draft.from}
                    aria-label={t('platformSettings.approvals.tiers.fromOf', { n: row + 1 })}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? errorId : undefined}
                    onChange={(e) => change(row, { from: e.target.value })}
                    data-testid={`approval-band-${row}-from`}
                  />
                  {problem && (
                    <div id={errorId} className="invalid-feedback">
                      {problem}
                    </div>
                  )}
                </td>
                <td>
                  <select
                    className="form-select form-select-sm"
                    value={draft.approvers}
                    aria-label={t('platformSettings.approvals.tiers.approversOf', { n: row + 1 })}
                    onChange={(e) => change(row, { approvers: Number(e.target.value) })}
                    data-testid={`approval-band-${row}-approvers`}
                  >
                    {APPROVER_CHOICES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="text-end">
                  {row > 0 && (
                    <button
                      type="button"
                      className="btn btn-link btn-sm text-danger p-0"
                      aria-label={t('platformSettings.approvals.tiers.removeOf', { n: row + 1 })}
                      onClick={() => onChange(drafts.filter((_, i) => i !== row))}
                      data-testid={`approval-band-${row}-remove`}
                    >
                      <i className="bi bi-x-lg" aria-hidden />
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {error?.row === null && (
        <div className="text-danger small mb-2" role="alert" data-testid="approval-bands-error">
          {error.text}
        </div>
      )}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        disabled={drafts.length >= MAX_APPROVAL_BANDS}
        onClick={() => {
          const last = drafts.at(-1);
          onChange([...drafts, { from: '', approvers: last?.approvers ?? 1 }]);
        }}
        data-testid="approval-band-add"
      >
        <i className="bi bi-plus-lg me-1" aria-hidden />
        {t('platformSettings.approvals.tiers.add')}
      </button>
    </div>
  );
}
