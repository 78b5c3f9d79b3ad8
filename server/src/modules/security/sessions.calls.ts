import { getSessions, revokeSession } from '@bo/contract';
import { notFound } from '../../core/app-error';
import type { CallRegistry } from '../../http/registry';
import { isUuid } from '../../http/validation';
import { recordAdminLog } from '../admin-logs/admin-log';

interface SessionRow {
  id: string;
  created_at: Date;
  last_seen_at: Date;
  client_ip: string;
  user_agent: string;
}

export function registerSessionCalls(registry: CallRegistry): void {
  registry
    .user(getSessions, async (ctx) => {
      const { rows } = await ctx.db.query<SessionRow>(
        `SELECT id, created_at, last_seen_at, client_ip, user_agent FROM sessions
          WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > now()
            AND last_seen_at > now() - make_interval(mins => $2)
          ORDER BY last_seen_at DESC`,
        [ctx.actor.accountId, ctx.config.sessionIdleMinutes],
      );
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          created_at: r.created_at.toISOString(),
          last_seen_at: r.last_seen_at.toISOString(),
          client_ip: r.client_ip,
          user_agent: r.user_agent,
          is_current: r.id === ctx.actor.sessionId,
        })),
      };
    })
    .user(revokeSession, (ctx, input) => {
      if (!isUuid(input.id)) throw notFound('No such session');
      return ctx.db.transaction(async (tx) => {
        const { rowCount } = await tx.query(
          `UPDATE sessions SET revoked_at = now(), revoked_reason = 'revoked_by_user'
            WHERE id = $1 AND account_id = $2 AND revoked_at IS NULL`,
          [input.id, ctx.actor.accountId],
        );
        if (rowCount === 0) throw notFound('No such session');
        await recordAdminLog(tx, ctx, {
          action: 'session.revoke',
          actor: ctx.actor,
          targetType: 'session',
          targetId: input.id,
        });
        return {};
      });
    });
}
