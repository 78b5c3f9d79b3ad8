import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@bo/contract';
import { BusyButton } from '../../ui/busy-button';
import { TableScroll } from '../../ui/list/table-scroll';
import { NameText } from '../../ui/name-text';

/**
 * The admins, one row each: who (with "you" on the caller's row and "invitation sent" while the
 * invitation is open), modules, 2FA, status, and the row's actions. Nobody deactivates themself.
 */
export function MembersTable({
  members,
  busyCode,
  onModules,
  onStatus,
}: {
  members: readonly TeamMember[];
  busyCode: string | null;
  onModules: (member: TeamMember) => void;
  onStatus: (member: TeamMember) => void;
}) {
  const { t } = useTranslation();
  if (members.length === 0) return <p className="text-muted">{t('team.empty')}</p>;
  return (
    <TableScroll label={t('routes.adminTeam')}>
      <table className="table align-middle" data-testid="team-members">
        <caption className="visually-hidden">{t('routes.adminTeam')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('team.columns.admin')}</th>
            <th scope="col">{t('team.columns.modules')}</th>
            <th scope="col">{t('team.columns.twoFactor')}</th>
            <th scope="col">{t('team.columns.status')}</th>
            <th scope="col">{t('team.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.account_db_code} data-testid={`team-member-${m.username}`}>
              <td>
                <NameText className="fw-semibold">{m.name || m.username}</NameText>
                {m.is_you === 1 && (
                  <span className="badge bg-secondary-subtle text-secondary-emphasis ms-2">
                    {t('team.you')}
                  </span>
                )}
                <div className="small text-muted">
                  <bdi dir="ltr">{m.email}</bdi> · <bdi dir="ltr">{m.account_db_code}</bdi>
                </div>
                {m.invitation_open === 1 && (
                  <span className="badge bg-info-subtle text-info-emphasis">
                    {t('team.invited')}
                  </span>
                )}
              </td>
              <td className="small">
                {m.modules.map((x) => t(`accounts.modules.${x}`)).join(', ')}
              </td>
              <td data-testid="team-member-2fa">
                <span className={`badge ${m.otp_enabled ? 'bg-success' : 'bg-warning text-dark'}`}>
                  {m.otp_enabled ? t('team.twoFactorOn') : t('team.twoFactorOff')}
                </span>
              </td>
              <td data-testid="team-member-status">
                <span className={`badge ${m.status === 'active' ? 'bg-success' : 'bg-secondary'}`}>
                  {t(`team.status.${m.status}`)}
                </span>
              </td>
              <td>
                <div className="d-flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => onModules(m)}
                    aria-label={`${t('team.editModules')}: ${m.name || m.username}`}
                    data-testid="team-member-modules"
                  >
                    {t('team.editModules')}
                  </button>
                  {m.is_you === 0 && (
                    <BusyButton
                      className={`btn-sm ${m.status === 'active' ? 'btn-outline-danger' : 'btn-outline-success'}`}
                      isBusy={busyCode === m.account_db_code}
                      onClick={() => onStatus(m)}
                      aria-label={`${m.status === 'active' ? t('team.deactivate') : t('team.activate')}: ${m.name || m.username}`}
                      data-testid="team-member-status-toggle"
                    >
                      {m.status === 'active' ? t('team.deactivate') : t('team.activate')}
                    </BusyButton>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
