import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_TIER_KINDS, type ApprovalTierKind, type ApprovalTiers } from '@bo/contract';
import { SettingValueText } from '../../ui/money/setting-changes/setting-change-text';
import { WaitingChangesNote } from '../../ui/money/setting-changes/waiting-changes-note';
import { ApprovalSaveButton } from './approval-save-button';
import { ApprovalCurrencyField } from './approval-currency-field';
import type { ApprovalSettingsAnswer } from '../../ui/money/api/get-approval-settings';
import { SelectField } from '../../ui/select-field';
import { bandTexts, checkBands, startingBands, type BandDraft } from './approval-bands';
import { ApprovalBandsEditor, type BandsError } from './approval-bands-editor';
import type { ApprovalSetting, SendTiersRequest } from './use-approval-request';

/**
 * Approval tiers by amount (issue 42): per kind of money-out and currency, bands each needing
 * one, two or three distinct approvers, in place of the two-approver threshold. The form edits
 * one kind's and currency's bands (starting from those in force, else from what the threshold
 * says) and asks for them, or for their removal, as a change a second admin approves; the
 * changes waiting and the tiers in force are listed beside it.
 */
export function ApprovalTiersSection({
  tiers,
  thresholds,
  busy,
  sendTiers,
}: {
  tiers: ApprovalTiers;
  thresholds: ApprovalSettingsAnswer['thresholds'];
  busy: ApprovalSetting | null;
  sendTiers: SendTiersRequest;
}) {
  const { t } = useTranslation();
  const inForce = (kind: ApprovalTierKind, currency: string) =>
    tiers.tiers.find((r) => r.tier_kind === kind && r.currency === currency);
  const thresholdOf = (currency: string) =>
    thresholds.find((th) => th.currency === currency)?.min_amount;
  const [kind, setKind] = useState<ApprovalTierKind>('payout');
  const [currency, setCurrency] = useState(thresholds[0]?.currency ?? '');
  const [drafts, setDrafts] = useState<BandDraft[]>(() =>
    startingBands(inForce(kind, currency), thresholdOf(currency), currency),
  );
  const [error, setError] = useState<BandsError | null>(null);
  const kindName = (k: ApprovalTierKind) => t(`platformSettings.approvals.tiers.kinds.${k}`);

  const pick = (nextKind: ApprovalTierKind, nextCurrency: string) => {
    setKind(nextKind);
    setCurrency(nextCurrency);
    setDrafts(
      startingBands(inForce(nextKind, nextCurrency), thresholdOf(nextCurrency), nextCurrency),
    );
    setError(null);
  };
  const ask = async (question: string, bands: string) => {
    const refused = await sendTiers(question, { tierKind: kind, currency, bands });
    setError(refused === null ? null : { row: null, text: refused });
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkBands(drafts, currency);
    if (!check.ok) {
      setError(check.row === null ? { row: null, text: check.message } : check);
      return;
    }
    const names = { kind: kindName(kind), currency };
    await ask(t('platformSettings.approvals.tiers.confirm', names), check.text);
  };
  const remove = () =>
    ask(
      t('platformSettings.approvals.tiers.confirmRemove', { kind: kindName(kind), currency }),
      '',
    );

  return (
    <div data-testid="approval-tiers">
      <h6 className="fw-semibold">{t('platformSettings.approvals.tiers.title')}</h6>
      <p className="small text-muted">{t('platformSettings.approvals.tiers.text')}</p>
      <WaitingChangesNote
        pending={tiers.pending_changes}
        title={t('platformSettings.approvals.tiers.waiting')}
        testId="approval-tiers-pending"
        detail={(change) => (
          <>
            <SettingValueText value={change.old_value} /> →{' '}
            <SettingValueText value={change.new_value} />
          </>
        )}
      />
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="row">
          <SelectField
            id="tier-kind"
            label={t('platformSettings.approvals.tiers.kind')}
            className="col-sm-6"
            value={kind}
            onChange={(e) => pick(e.target.value as ApprovalTierKind, currency)}
            data-testid="tier-kind"
          >
            {APPROVAL_TIER_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindName(k)}
              </option>
            ))}
          </SelectField>
          <ApprovalCurrencyField
            name="tier-currency"
            className="col-sm-6"
            currencies={thresholds}
            value={currency}
            onPick={(next) => pick(kind, next)}
          />
        </div>
        <ApprovalBandsEditor
          drafts={drafts}
          currency={currency}
          error={error}
          onChange={(next) => {
            setDrafts(next);
            setError(null);
          }}
        />
        <div className="d-flex flex-wrap gap-2 mb-3">
          <ApprovalSaveButton setting="tiers" busy={busy} testId="tiers-save" />
          {inForce(kind, currency) && (
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy !== null}
              onClick={() => void remove()}
              data-testid="tiers-remove"
            >
              {t('platformSettings.approvals.tiers.removeAll')}
            </button>
          )}
        </div>
      </form>
      <TiersInForce tiers={tiers.tiers} kindName={kindName} onEdit={pick} />
    </div>
  );
}

/** The tiers in force, one row per kind and currency; Change puts a row in the form. */
function TiersInForce({
  tiers,
  kindName,
  onEdit,
}: {
  tiers: ApprovalTiers['tiers'];
  kindName: (kind: ApprovalTierKind) => string;
  onEdit: (kind: ApprovalTierKind, currency: string) => void;
}) {
  const { t } = useTranslation();
  if (tiers.length === 0)
    return (
      <p className="small text-muted mb-0" data-testid="approval-tiers-none">
        {t('platformSettings.approvals.tiers.none')}
      </p>
    );
  return (
    <div className="table-responsive">
      <table
        className="table table-sm table-hover align-middle mb-0"
        data-testid="approval-tiers-table"
      >
        <thead>
          <tr>
            <th scope="col">{t('platformSettings.approvals.tiers.kind')}</th>
            <th scope="col">{t('platformSettings.approvals.currency')}</th>
            <th scope="col">{t('platformSettings.approvals.tiers.bands')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('platformSettings.approvals.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((r) => (
            <tr
              key={`${r.tier_kind}:${r.currency}`}
              data-testid={`tier-${r.tier_kind}-${r.currency}`}
            >
              <td className="text-nowrap">{kindName(r.tier_kind)}</td>
              <td>{r.currency}</td>
              <td className="font-monospace small">
                <ul className="list-unstyled mb-0">
                  {bandTexts(r.bands).map((text) => (
                    <li key={text} className="text-nowrap" dir="ltr">
                      {text}
                    </li>
                  ))}
                </ul>
              </td>
              <td className="text-end">
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  onClick={() => onEdit(r.tier_kind, r.currency)}
                >
                  {t('platformSettings.approvals.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
