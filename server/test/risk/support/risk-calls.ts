import { expect } from 'vitest';
import type { MoneyApp } from '../../money/support/money-app';

/** A risk list as the calls answer it. */
export interface ListRow {
  id: string;
  name: string;
  scope: string;
  key_type: string;
  list_type: string;
  owner_db_code: string | null;
  active_entries: number;
}

/** An entry as the calls answer it. */
export interface EntryRow {
  id: string;
  value: string;
  state: string;
  expires_at: string | null;
  reason: string;
  created_by: string;
  removed_by: string | null;
  removal_reason: string | null;
}

/** The risk list calls of one test app. */
export function riskCalls(t: MoneyApp) {
  const makeList = async (email: string, fields: Record<string, string>) => {
    const r = await t.as<ListRow>(email, 'createRiskList', {
      name: 'Test list',
      keyType: 'email',
      listType: 'block',
      scope: 'platform',
      ...fields,
    });
    return r;
  };
  return {
    makeList,
    async listOf(email: string, fields: Record<string, string>) {
      const r = await makeList(email, fields);
      expect(r.status, r.message).toBe(200);
      return r.data;
    },
    add: (email: string, listId: string, fields: Record<string, string>) =>
      t.as<EntryRow>(email, 'addRiskListEntry', {
        listId,
        reason: 'Seen in a fraud case',
        ...fields,
      }),
    entries: (email: string, listId: string, fields: Record<string, string> = {}) =>
      t.as<{ rows: EntryRow[]; total: number; status_counts: Record<string, number> }>(
        email,
        'getRiskListEntries',
        { listId, pageSize: '200', ...fields },
      ),
    /** Uploads `file` as a list's CSV import. */
    async importCsv(email: string, listId: string, file: string) {
      const session = await t.signIn(email);
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...session, listId })) form.append(k, v);
      form.append('file', new Blob([file]), 'entries.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const response = await t.app.inject({
        method: 'POST',
        url: '/controller/admin/importRiskListEntries',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      return response.json() as {
        status: number;
        message: string;
        data: { added: number; duplicates: number; duplicate_lines: number[]; sha256: string };
      };
    },
  };
}
