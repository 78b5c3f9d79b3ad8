import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A 400 carries its field, so a form shows it next to that field in the user's language. */
describe('a refused field is named in data.field', () => {
  const merchant = (admin: object, fields: Record<string, string>) =>
    t.call('createAccount', {
      ...admin,
      accountType: 'merchant',
      email: 'field.shop@example.test',
      username: 'fieldshop',
      name: 'Field Shop',
      temporaryPassword: 'Temporary#Pass1',
      ...fields,
    });

  it('names the schema field, its kind and limit', async () => {
    const admin = await t.signIn('admin@demo.test');
    const email = await merchant(admin, { email: 'not-an-email' });
    expect(email).toMatchObject({
      status: 400,
      message: 'email must be an email address',
      data: { field: { field: 'email', kind: 'email', rule: 'must be an email address' } },
    });
    const name = await merchant(admin, { name: 'x'.repeat(121) });
    expect(name).toMatchObject({
      status: 400,
      data: { field: { field: 'name', kind: 'tooLong', limit: 120 } },
    });
    const missing = await merchant(admin, { name: '' });
    expect(missing).toMatchObject({
      status: 400,
      data: { field: { field: 'name', kind: 'required', rule: 'is required' } },
    });
  });

  it('names the list a refused item belongs to: modules and currencies', async () => {
    const admin = await t.signIn('admin@demo.test');
    expect(await merchant(admin, { modules: 'payin,administrator' })).toMatchObject({
      status: 400,
      message: 'modules: a merchant cannot hold administrator',
      data: { field: { field: 'modules', kind: 'other' } },
    });
    // An item of a list is named by its place: the form shows it under the whole list.
    expect(await merchant(admin, { currencies: 'MYR,XXX' })).toMatchObject({
      status: 400,
      data: { field: { field: expect.stringMatching(/^currencies(\.\d+)?$/) as unknown } },
    });
  });

  it('names what a weak password lacks, and changes nothing', async () => {
    const admin = await t.signIn('admin@demo.test');
    const weak = await merchant(admin, { temporaryPassword: 'short' });
    expect(weak).toMatchObject({
      status: 400,
      message:
        'temporaryPassword: Password needs at least 10 characters, an upper-case letter, a digit, a symbol',
      data: {
        field: {
          field: 'temporaryPassword',
          kind: 'password',
          missing: ['length', 'upper', 'digit', 'symbol'],
        },
      },
    });
    const { rows } = await t.db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM accounts WHERE username = 'fieldshop'`,
    );
    expect(rows[0]!.n).toBe(0n);
  });

  it('leaves data out of a refusal that names no field', async () => {
    const admin = await t.signIn('admin@demo.test');
    const stranger = await t.call('getResellerDetail', { ...admin, resellerDbCode: 'RES0FFFFFF' });
    expect(stranger.status).not.toBe(200);
    expect(stranger).not.toHaveProperty('data.field');
  });
});
