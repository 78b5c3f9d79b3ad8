import { addLoginIp, getLoginIps, removeLoginIp, setLoginIpEnabled } from '@bo/contract';
import { badInput, conflict, notFound } from '../../core/app-error';
import { isAddressOrNetwork } from '../../http/client-address';
import type { CallRegistry } from '../../http/registry';
import { isUuid } from '../../http/validation';
import { recordAdminLog } from '../admin-logs/admin-log';
import { lockAccount } from '../accounts/accounts.service';
import { isAddressWhitelisted } from '../auth/login-ip';

interface LoginIpRow {
  id: string;
  ip: string;
  label: string;
  created_at: Date;
}

const shapeIp = (r: LoginIpRow) => ({
  id: r.id,
  ip: r.ip,
  label: r.label,
  created_at: r.created_at.toISOString(),
});

export function registerLoginIpCalls(registry: CallRegistry): void {
  registry
    .user(getLoginIps, async (ctx) => {
      // abbrev() omits the mask of a single address and shows it for a network.
      const { rows } = await ctx.db.query<LoginIpRow>(
        'SELECT id, abbrev(ip) AS ip, label, created_at FROM login_ips WHERE account_id = $1 ORDER BY created_at',
        [ctx.actor.accountId],
      );
      const { rows: flags } = await ctx.db.query<{ login_ip_enabled: boolean }>(
        'SELECT login_ip_enabled FROM accounts WHERE id = $1',
        [ctx.actor.accountId],
      );
      const enabled = flags[0]?.login_ip_enabled ? 1 : 0;
      return {
        login_ip_enabled: enabled,
        current_ip: ctx.clientIp,
        ips: rows.map(shapeIp),
      } as const;
    })
    .user(addLoginIp, (ctx, input) => {
      if (!isAddressOrNetwork(input.ip))
        throw badInput('ip must be an IPv4 or IPv6 address, or a network such as 203.0.113.0/24');
      return ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<LoginIpRow>(
          `INSERT INTO login_ips (account_id, ip, label) VALUES ($1, $2::inet, $3)
           ON CONFLICT (account_id, ip) DO NOTHING
           RETURNING id, abbrev(ip) AS ip, label, created_at`,
          [ctx.actor.accountId, input.ip, input.label ?? ''],
        );
        if (!rows[0]) throw conflict(`${input.ip} is already on the list`);
        await recordAdminLog(tx, ctx, {
          action: 'login_ip.add',
          actor: ctx.actor,
          targetType: 'login_ip',
          targetId: rows[0].id,
          after: { ip: input.ip, label: input.label ?? '' },
        });
        return shapeIp(rows[0]);
      });
    })
    .user(removeLoginIp, (ctx, input) => {
      if (!isUuid(input.id)) throw notFound('That address is not on your list');
      return ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, ctx.actor.accountId);
        const { rows } = await tx.query<{ ip: string }>(
          'DELETE FROM login_ips WHERE id = $1 AND account_id = $2 RETURNING abbrev(ip) AS ip',
          [input.id, ctx.actor.accountId],
        );
        if (!rows[0]) throw notFound('That address is not on your list');
        if (
          account.login_ip_enabled &&
          !(await isAddressWhitelisted(tx, account.id, ctx.clientIp))
        ) {
          throw conflict(
            'Removing this address would lock you out: turn whitelisting off first or sign in from another listed address',
          );
        }
        await recordAdminLog(tx, ctx, {
          action: 'login_ip.remove',
          actor: ctx.actor,
          targetType: 'login_ip',
          targetId: input.id,
          before: { ip: rows[0].ip },
        });
        return {};
      });
    })
    .user(setLoginIpEnabled, (ctx, input) =>
      ctx.db.transaction(async (tx) => {
        const account = await lockAccount(tx, ctx.actor.accountId);
        if (input.enabled && !(await isAddressWhitelisted(tx, account.id, ctx.clientIp))) {
          throw conflict(
            `Add your current address ${ctx.clientIp} to the list first, or you would be locked out`,
          );
        }
        await tx.query(
          'UPDATE accounts SET login_ip_enabled = $2, updated_at = now() WHERE id = $1',
          [account.id, input.enabled],
        );
        await recordAdminLog(tx, ctx, {
          action: 'login_ip.enabled',
          actor: ctx.actor,
          targetType: 'account',
          targetId: account.id,
          before: { login_ip_enabled: account.login_ip_enabled ? 1 : 0 },
          after: { login_ip_enabled: input.enabled ? 1 : 0 },
        });
        return { login_ip_enabled: input.enabled ? 1 : 0 } as const;
      }),
    );
}
