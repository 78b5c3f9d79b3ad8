import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/core/context';
import { routerFor } from '../../src/modules/routing/routing-context';
import { putRoutingProfile } from '../../src/modules/routing/routing-profiles.service';
import { startMoneyApp, type MoneyApp } from '../money/support/money-app';
import { routingWorld, thbPlatform } from './routing-world';

/*
 * The routing context kept in memory (docs/routing.md, "What two server instances share"): a
 * profile change forgets it from inside its transaction, before the commit. A context loaded
 * in that gap reads the old rows; it must not be trusted once the change has committed.
 * PostgreSQL only: PGlite has one connection, so nothing reads beside an open transaction.
 */
let t: MoneyApp;
let admin: Actor;
let merchantId: string;
const origin = { clientIp: '127.0.0.1', userAgent: 'test', requestId: 'routing-context' };
const toGateway = (code: string) => ({
  steps: [
    {
      rules: [
        { when: { amount: { currency: 'THB', op: 'gte', value: '0.01' } }, gateways: [code] },
      ],
    },
  ],
});

beforeAll(async () => {
  t = await startMoneyApp();
  ({ admin, merchantId } = await routingWorld(t));
});
afterAll(() => t?.close());

describe('the routing context', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    'loaded while a profile change is uncommitted, it gives way once the change commits',
    async () => {
      const { rows } = await t.db.query<{ id: string; code: string }>(
        `SELECT id, payment_gateway_code AS code FROM payment_gateways WHERE currency = 'THB'`,
      );
      const active = new Set(rows.map((r) => r.id));
      const codeOf = (id: string | null) => rows.find((r) => r.id === id)?.code;
      const chosen = async () => {
        const router = await routerFor(t.db, { direction: 'payin', kind: 'payin' }, [facts()]);
        return codeOf(
          router?.route({ facts: facts(), routeKey: 'context-test' }, active)?.gatewayId ?? null,
        );
      };
      const facts = () => ({
        kind: 'payin' as const,
        merchantId,
        resellerId: null,
        amount: 10_000n,
        currency: 'THB',
        orderId: null,
        at: new Date(),
      });
      const place = thbPlatform('payin');
      const writer = { origin, actor: admin, note: 'test' };
      await t.db.transaction((tx) =>
        putRoutingProfile(tx, writer, place, { definition: toGateway('SBX-THB-1'), active: true }),
      );
      expect(await chosen()).toBe('SBX-THB-1');
      let put = false;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const committing = t.db.transaction(async (tx) => {
        await putRoutingProfile(tx, writer, place, {
          definition: toGateway('SBX-THB-2'),
          active: true,
        });
        put = true;
        await held;
      });
      await vi.waitFor(() => expect(put).toBe(true));
      // Forgotten, not committed: a load now reads the old profile.
      expect(await chosen()).toBe('SBX-THB-1');
      release();
      await committing;
      // Within CHECK_MS of that load: the new profile routes all the same.
      expect(await chosen()).toBe('SBX-THB-2');
    },
  );
});
