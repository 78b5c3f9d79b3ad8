import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@bo/contract';
import { isolate } from '../../lib/bidi';
import { confirmAction } from '../../lib/popups';
import { announceSuccess } from '../../lib/success-notes';
import { LoadFailed } from '../../ui/load-failed';
import { RouteTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { useSubmit } from '../../ui/use-submit';
import { AdminFormDialog } from './admin-form-dialog';
import { applyTeam, teamQuery } from './api/get-team';
import { GuardedReasonDialog } from './guarded-reason-dialog';
import { sendSetAdminStatus } from './api/set-admin-status';
import { MembersTable } from './members-table';
import { PendingTeamChanges } from './pending-team-changes';
import { TwoFactorRuleCard } from './two-factor-rule-card';

/**
 * /admin-team (admins with the administrator module; beyond the spec, issue 40): the admins,
 * invitations by email, modules, deactivation (sessions end) and the team's 2FA rule. An
 * invitation, a module given, an activation and the 2FA rule's end wait for a second admin;
 * the server decides again and logs all.
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const team = useQuery(teamQuery());
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const status = useSubmit<string>();

  const [activating, setActivating] = useState<TeamMember | null>(null);

  const deactivate = async (member: TeamMember) => {
    const name = isolate(member.name || member.username);
    const question = t('team.confirm.deactivate', { name });
    if (!(await confirmAction(question, t('team.deactivate')))) return;
    await status.run(async () => {
      applyTeam(
        await sendSetAdminStatus({ accountDbCode: member.account_db_code, status: 'disabled' }),
      );
      announceSuccess(t('team.done.deactivated', { name }));
    }, member.account_db_code);
  };

  /** Activating an admin again waits for a second admin: it asks the reason they read. */
  const activate = async (member: TeamMember, reason: string) => {
    const name = isolate(member.name || member.username);
    applyTeam(
      await sendSetAdminStatus({ accountDbCode: member.account_db_code, status: 'active', reason }),
    );
    announceSuccess(t('team.done.activateWaiting', { name }));
  };

  return (
    <>
      <RouteTitle />
      <div data-testid="team-page">
        <p className="text-muted">{t('team.intro')}</p>
        {!team.data ? (
          team.isError ? (
            <LoadFailed onRetry={() => void team.refetch()} />
          ) : (
            <Spinner />
          )
        ) : (
          <>
            <TwoFactorRuleCard team={team.data} />
            <PendingTeamChanges pending={team.data.pending_changes} />
            <section className="card">
              <div className="card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
                <h5 className="card-title mb-0">{t('routes.adminTeam')}</h5>
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setEditing('new')}
                  data-testid="team-invite"
                >
                  <i className="bi bi-envelope-plus me-1" aria-hidden />
                  {t('team.invite')}
                </button>
              </div>
              <div className="card-body">
                <MembersTable
                  members={team.data.members}
                  busyCode={status.busy}
                  onModules={setEditing}
                  onStatus={(m) =>
                    m.status === 'active'
                      ? void deactivate(m).catch(() => undefined)
                      : setActivating(m)
                  }
                />
              </div>
            </section>
          </>
        )}
      </div>
      {activating && (
        <GuardedReasonDialog
          title={t('team.guarded.activateTitle', {
            name: isolate(activating.name || activating.username),
          })}
          text={t('team.guarded.activateText')}
          submitLabel={t('team.guarded.ask')}
          testId="team-activate"
          send={(reason) => activate(activating, reason)}
          onClose={() => setActivating(null)}
        />
      )}
      {editing && (
        <AdminFormDialog
          member={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
