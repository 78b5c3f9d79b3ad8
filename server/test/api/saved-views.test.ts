import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_VIEWS_PER_LIST } from '@bo/contract';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Saved views of the lists (issue 29): each person's own, per list, at most 20 per list, names
 * unique per list, one default; another person's views are never seen or changed.
 */

interface View {
  id: string;
  name: string;
  query: string;
  hidden_columns: string[];
  column_order: string[];
  is_default: boolean;
}
type Auth = { accessToken: string; accessUsername: string };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const views = (auth: Auth, list: string) =>
  t.call<{ views: View[] }>('getSavedViews', { ...auth, list });
const create = (auth: Auth, list: string, fields: Record<string, string>) =>
  t.call<{ views: View[] }>('createSavedView', { ...auth, list, ...fields });

describe('saved views', () => {
  it('saves, lists, renames, marks default and deletes a view of a list', async () => {
    const me = await t.signIn('merchant@demo.test');
    const saved = await create(me, 'payins', {
      name: '  Paid in June ',
      query: 'status=paid&from=2026-06-01&sort=created_at&direction=desc',
      hiddenColumns: 'gateway,customer',
      columnOrder: 'amount,id',
    });
    expect(saved.status).toBe(200);
    expect(saved.data.views).toEqual([
      {
        id: expect.any(String) as unknown,
        name: 'Paid in June',
        query: 'status=paid&from=2026-06-01&sort=created_at&direction=desc',
        hidden_columns: ['gateway', 'customer'],
        column_order: ['amount', 'id'],
        is_default: false,
      },
    ]);
    const id = saved.data.views[0]!.id;
    // Another list's views are apart.
    expect((await views(me, 'payouts')).data.views).toEqual([]);

    await create(me, 'payins', { name: 'All', isDefault: '1' });
    const marked = await t.call<{ views: View[] }>('setDefaultSavedView', {
      ...me,
      id,
      isDefault: '1',
    });
    // One default per list: marking one takes the mark off the other.
    expect(marked.data.views.map((v) => [v.name, v.is_default])).toEqual([
      ['All', false],
      ['Paid in June', true],
    ]);
    const renamed = await t.call<{ views: View[] }>('renameSavedView', {
      ...me,
      id,
      name: 'June paid',
    });
    expect(renamed.data.views.map((v) => v.name)).toEqual(['All', 'June paid']);
    const deleted = await t.call<{ views: View[] }>('deleteSavedView', { ...me, id });
    expect(deleted.data.views.map((v) => v.name)).toEqual(['All']);
    expect((await views(me, 'payins')).data.views.map((v) => v.name)).toEqual(['All']);
  });

  it('refuses a missing, too long or taken name, and a 21st view, changing nothing', async () => {
    const me = await t.signIn('reseller@demo.test');
    expect(await create(me, 'merchants', { name: '' })).toMatchObject({
      status: 400,
      data: { field: { field: 'name', kind: 'required' } },
    });
    expect(await create(me, 'merchants', { name: 'x'.repeat(61) })).toMatchObject({
      status: 400,
      message: 'name must be at most 60 characters',
      data: { field: { field: 'name', kind: 'tooLong', limit: 60 } },
    });
    expect((await create(me, 'merchants', { name: 'x'.repeat(60) })).status).toBe(200);
    expect(await create(me, 'merchants', { name: 'X'.repeat(60) })).toMatchObject({
      status: 400,
      message: 'name is already the name of another view of this list',
      data: { field: { field: 'name' } },
    });
    expect(await create(me, 'merchants', { name: 'ok', hiddenColumns: 'a b' })).toMatchObject({
      status: 400,
    });
    for (let n = 2; n <= SAVED_VIEWS_PER_LIST; n++)
      expect((await create(me, 'merchants', { name: `View ${n}` })).status).toBe(200);
    const over = await create(me, 'merchants', { name: 'One too many' });
    expect(over).toMatchObject({
      status: 400,
      message: 'You can keep at most 20 views of a list: delete one to save another',
    });
    expect((await views(me, 'merchants')).data.views).toHaveLength(SAVED_VIEWS_PER_LIST);
    // Renaming onto a taken name is refused too; another list still has room.
    const [first, second] = (await views(me, 'merchants')).data.views;
    expect(
      await t.call('renameSavedView', { ...me, id: second!.id, name: first!.name }),
    ).toMatchObject({ status: 400, data: { field: { field: 'name' } } });
    expect((await create(me, 'resellers', { name: 'One too many' })).status).toBe(200);
  });

  it("never shows nor changes another person's views", async () => {
    const owner = await t.signIn('admin@demo.test');
    const other = await t.signIn('admin2@demo.test');
    const made = await create(owner, 'withdrawals', { name: 'Mine', isDefault: '1' });
    const id = made.data.views[0]!.id;
    expect((await views(other, 'withdrawals')).data.views).toEqual([]);
    for (const [call, fields] of [
      ['renameSavedView', { name: 'Taken over' }],
      ['setDefaultSavedView', { isDefault: '0' }],
      ['deleteSavedView', {}],
    ] as const)
      expect(await t.call(call, { ...other, id, ...fields })).toMatchObject({
        status: 404,
        message: 'There is no saved view with this id',
      });
    // The same name is free for the other person.
    expect((await create(other, 'withdrawals', { name: 'Mine' })).status).toBe(200);
    expect((await views(owner, 'withdrawals')).data.views).toEqual([
      expect.objectContaining({ id, name: 'Mine', is_default: true }),
    ]);
    // Signed out: refused.
    expect((await t.call('getSavedViews', { list: 'withdrawals' })).status).not.toBe(200);
  });
});
