import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { decideAccess, getPendingSettingChanges, type SettingChangeRow } from '@bo/contract';
import { confirmAction } from '../../../lib/popups';
import { useSessionUser, viewerOf } from '../../../lib/session';
import { InstantText } from '../../instant-text';
import type { en } from '../../../i18n/locales/en';
import { LoadFailed } from '../../load-failed';
import { RejectSettingChangeDialog } from './reject-setting-change-dialog';
import { sendApproveSettingChange } from '../api/approve-setting-change';
import {
  pendingSettingChangesQuery,
  refreshSettingViews,
} from '../api/get-pending-setting-changes';
import { PercentText, SettingName, SettingValueText } from './setting-change-text';
import { useSubmit } from '../../use-submit';
import { TableScroll } from '../../list/table-scroll';

/** One waiting change: the setting, old → new, the percentage, who asked, until when. */
function ChangeRow({
  change,
  onReject,
}: {
  change: SettingChangeRow;
  onReject: (change: SettingChangeRow) => void;
}) {
  const { t } = useTranslation();
  const { isBusy: busy, run } = useSubmit();
  const approve = async () => {
    const question = t('administration.settingChanges.approveQuestion', {
      from: change.old_value ?? t('administration.settingChanges.none'),
      to: change.new_value,
    });
    if (!(await confirmAction(question, t('money.decision.approve')))) return;
    await run(async () => {
      await sendApproveSettingChange({ id: change.id });
      await refreshSettingViews();
    });
  };
  return (
    <tr data-testid="setting-change-row">
      <td>
        <SettingName change={change} />
      </td>
      <td className="text-end">
        <SettingValueText value={change.old_value} />
      </td>
      <td className="text-end fw-semibold">
        <SettingValueText value={change.new_value} />
      </td>
      <td className="text-end">
        <PercentText value={change.change_percent} />
      </td>
      <td>
        <bdi>{change.requested_by}</bdi>
        {change.reason && <div className="small text-muted text-break">{change.reason}</div>}
      </td>
      <td className="small">
        <InstantText value={change.expires_at} />
      </td>
      <td className="text-end text-nowrap">
        <button
          type="button"
          className="btn btn-sm btn-success me-1"
          disabled={busy}
          onClick={() => void approve()}
          data-testid="setting-change-approve"
        >
          {t('money.decision.approve')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-danger"
          disabled={busy}
          onClick={() => onReject(change)}
          data-testid="setting-change-reject-open"
        >
          {t('money.decision.reject')}
        </button>
      </td>
    </tr>
  );
}

/**
 * The guarded setting changes waiting for a second admin (a USDT rate beyond its band, an
 * approval setting, a loosened sign-in limit), above an approvals queue, for admins who may decide them. Shown only when
 * one waits; the server refuses whoever asked (and an account of theirs) whatever is shown.
 */
export function SettingChangesPanel() {
  const { t } = useTranslation();
  const viewer = viewerOf(useSessionUser());
  const allowed = decideAccess(getPendingSettingChanges.rule, viewer) === 'allowed';
  const changes = useQuery({ ...pendingSettingChangesQuery(), enabled: allowed });
  const [rejecting, setRejecting] = useState<SettingChangeRow | null>(null);
  if (!allowed) return null;
  if (changes.isError)
    return (
      <div className="mb-3">
        <LoadFailed onRetry={() => void changes.refetch()} />
      </div>
    );
  const rows = changes.data?.rows ?? [];
  if (!rows.length) return null;
  const h = (key: keyof typeof en.administration.settingChanges.columns) =>
    t(`administration.settingChanges.columns.${key}`);
  return (
    <section className="card border-warning mb-3" data-testid="setting-changes">
      <div className="card-body">
        <h2 className="h6 mb-1">{t('administration.settingChanges.title')}</h2>
        <p className="small text-muted mb-2">{t('administration.settingChanges.text')}</p>
        <TableScroll label={t('administration.settingChanges.title')}>
          <table className="table table-sm align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{h('setting')}</th>
                <th scope="col" className="text-end">
                  {h('old')}
                </th>
                <th scope="col" className="text-end">
                  {h('new')}
                </th>
                <th scope="col" className="text-end">
                  {h('percent')}
                </th>
                <th scope="col">{h('requestedBy')}</th>
                <th scope="col">{h('expiresAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('money.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((change) => (
                <ChangeRow key={change.id} change={change} onReject={setRejecting} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
      {rejecting && (
        <RejectSettingChangeDialog change={rejecting} onClose={() => setRejecting(null)} />
      )}
    </section>
  );
}
