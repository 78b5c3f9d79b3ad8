import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall, RULES, type AccessRule } from '@bo/contract';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import type { Db } from '../../src/db/db';
import { buildCallRegistry } from '../../src/calls';
import { CallRegistry } from '../../src/http/registry';
import { TEST_SANDBOX_SECRET } from '../support/test-app';
import { openTestDatabase } from '../support/test-db';

const explode = defineCall({
  name: 'explode',
  request: z.object({}),
  response: z.object({}),
  rule: RULES.public,
});
const badShape = defineCall({
  name: 'badShape',
  request: z.object({}),
  response: z.object({ amount: z.string() }),
  rule: RULES.public,
});

describe('call registry', () => {
  it('refuses a call that names no rule', () => {
    const ruleless = { ...explode, name: 'ruleless', rule: undefined as unknown as AccessRule };
    expect(() => new CallRegistry().open(ruleless, async () => ({}))).toThrow(/rule/);
  });

  it('refuses a user handler for a guest call and the other way round', () => {
    expect(() => new CallRegistry().user(explode, async () => ({}))).toThrow(/user rule/);
    const userCall = { ...explode, rule: RULES.anyUser };
    expect(() => new CallRegistry().open(userCall, async () => ({}))).toThrow(/guest or public/);
  });

  it('refuses the same name twice', () => {
    const registry = new CallRegistry().open(explode, async () => ({}));
    expect(() => registry.open(explode, async () => ({}))).toThrow(/twice/);
  });

  it('has a rule for every call the product answers', () => {
    const registry = buildCallRegistry();
    for (const name of registry.names())
      expect(registry.get(name)!.def.rule.audience).toMatch(/^(public|guest|user)$/);
  });
});

describe('failures inside a call', () => {
  let db: Db;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    db = await openTestDatabase();
    const registry = new CallRegistry()
      .open(explode, async () => {
        throw new Error('connection to 10.1.2.3 failed: password for user "root" is hunter2');
      })
      .open(badShape, async () => ({ amount: 12 }) as never);
    app = await buildApp(
      db,
      loadConfig(
        { LOG_LEVEL: 'silent', NO_SEED_DEMO: '1', SANDBOX_SECRET: TEST_SANDBOX_SECRET },
        [],
      ),
      registry,
    );
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers 500 without internals', async () => {
    const response = await app.inject({ method: 'POST', url: '/controller/admin/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 500, message: 'Something went wrong on our side' });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers 500 when a response does not match its schema (outside production)', async () => {
    const response = await app.inject({ method: 'POST', url: '/controller/admin/badShape' });
    expect(response.json()).toEqual({ status: 500, message: 'Something went wrong on our side' });
  });
});
