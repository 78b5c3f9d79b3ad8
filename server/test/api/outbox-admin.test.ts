import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRow } from '@bo/contract';
import { renderMail } from '../../src/modules/mail/mail-content';
import { enqueueMail, NO_SMTP } from '../../src/modules/mail/outbox.queries';
import { loggedActions } from '../support/admin-log';
import { encodeMultipart, startTestApp, type TestApp } from '../support/test-app';

/**
 * /admin-outbox's calls: every message with its state, filtered and exported, never a body;
 * resend puts a held or abandoned mail back in the queue once, and only administrators reach
 * either call.
 */

let t: TestApp;
let admin: { accessToken: string; accessUsername: string };

interface Page {
  rows: Record<string, unknown>[];
  total: number;
  status_counts: Record<string, number>;
}

/** A secret only a mail's body holds: no answer may carry it. */
const BODY_SECRET = 'reset-token-that-must-stay-in-the-body';

const queue = (recipient: string, subject: string) =>
  t.db.transaction((tx) =>
    enqueueMail(tx, {
      kind: 'test',
      recipientAccountId: null,
      recipient,
      lang: 'en',
      content: renderMail('en', {
        subject,
        greeting: 'Hello,',
        paragraphs: [BODY_SECRET],
        action: { label: 'Open', url: `https://bo.example/#token=${BODY_SECRET}` },
        footer: 'F',
      }),
    }),
  );

const setState = (id: string, status: string, attempts: number, lastError: string) =>
  t.db.query(`UPDATE mail_outbox SET status = $2, attempts = $3, last_error = $4 WHERE id = $1`, [
    id,
    status,
    attempts,
    lastError,
  ]);

const ids: Record<'held' | 'abandoned' | 'sent' | 'pending', string> = {
  held: '',
  abandoned: '',
  sent: '',
  pending: '',
};

beforeAll(async () => {
  // No pump: each message keeps the state the test gives it.
  t = await startTestApp({ NO_MONEY_JOBS: '1' });
  admin = await t.signIn('admin@demo.test');
  ids.held = await queue('held.user@demo.test', 'Reset your password');
  await setState(ids.held, 'held', 0, NO_SMTP);
  ids.abandoned = await queue('gone@elsewhere.test', 'Weekly digest');
  await setState(ids.abandoned, 'abandoned', 12, '550: mailbox unavailable');
  ids.sent = await queue('sent.user@demo.test', 'Key rolled');
  await t.db.query(
    `UPDATE mail_outbox SET status = 'sent', attempts = 1, sent_at = now() WHERE id = $1`,
    [ids.sent],
  );
  ids.pending = await queue('waiting@demo.test', 'Password changed');
  // Queued within the same millisecond, two would tie on the list's order: a minute apart each.
  for (const [minutes, id] of [ids.held, ids.abandoned, ids.sent, ids.pending].entries())
    await t.db.query(
      `UPDATE mail_outbox SET created_at = now() - make_interval(mins => $2) WHERE id = $1`,
      [id, 10 - minutes],
    );
});
afterAll(() => t?.close());

describe('getOutbox', () => {
  it('lists every message newest first, with its state and never a body', async () => {
    const answer = await t.call<Page>('getOutbox', admin);
    expect(answer.status).toBe(200);
    expect(answer.data.total).toBe(4);
    expect(answer.data.rows.map((r) => r.id)).toEqual([
      ids.pending,
      ids.sent,
      ids.abandoned,
      ids.held,
    ]);
    for (const row of answer.data.rows) {
      outboxRow.strict().parse(row);
      expect(Object.keys(row)).not.toContain('text_body');
      expect(Object.keys(row)).not.toContain('html_body');
    }
    expect(JSON.stringify(answer)).not.toContain(BODY_SECRET);
    expect(answer.data.rows.find((r) => r.id === ids.abandoned)).toMatchObject({
      channel: 'mail',
      recipient: 'gone@elsewhere.test',
      subject: 'Weekly digest',
      status: 'abandoned',
      attempts: 12,
      last_error: '550: mailbox unavailable',
      sent_at: null,
      next_attempt_at: null,
    });
    expect(answer.data.status_counts).toEqual({ pending: 1, held: 1, abandoned: 1, sent: 1 });
  });

  it('filters by state, by part of the recipient or subject (any case), and by date', async () => {
    const held = await t.call<Page>('getOutbox', { ...admin, status: 'held' });
    expect(held.data.rows.map((r) => r.id)).toEqual([ids.held]);
    const byRecipient = await t.call<Page>('getOutbox', { ...admin, search: 'ELSEWHERE' });
    expect(byRecipient.data.rows.map((r) => r.id)).toEqual([ids.abandoned]);
    const bySubject = await t.call<Page>('getOutbox', { ...admin, search: 'password' });
    expect(bySubject.data.rows.map((r) => r.id).sort()).toEqual([ids.held, ids.pending].sort());
    const both = await t.call<Page>('getOutbox', { ...admin, search: 'password', status: 'held' });
    expect(both.data.total).toBe(1);
    // LIKE's wildcards are taken as typed.
    expect((await t.call<Page>('getOutbox', { ...admin, search: '%' })).data.total).toBe(0);
    const future = await t.call<Page>('getOutbox', { ...admin, from: '2999-01-01T00:00:00Z' });
    expect(future.data.total).toBe(0);
    const bad = await t.call('getOutbox', { ...admin, status: 'lost' });
    expect(bad).toMatchObject({ status: 400, message: expect.stringMatching(/^status must be/) });
  });

  it('exports every matching message without a body', async () => {
    const { body, contentType } = await encodeMultipart({
      ...admin,
      call: 'getOutbox',
      format: 'csv',
      search: 'user@demo',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/exportList',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.body).toContain('held.user@demo.test');
    expect(response.body).toContain('sent.user@demo.test');
    expect(response.body).not.toContain('gone@elsewhere.test');
    expect(response.body).not.toContain(BODY_SECRET);
  });

  it('refuses anyone but an admin with the administrator module', async () => {
    const reseller = await t.signIn('reseller@demo.test');
    const merchant = await t.signIn('merchant@demo.test');
    await t.db.query(
      `DELETE FROM account_modules WHERE module = 'administrator'
         AND account_id = (SELECT id FROM accounts WHERE email = 'admin2@demo.test')`,
    );
    const plainAdmin = await t.signIn('admin2@demo.test');
    for (const session of [reseller, merchant, plainAdmin]) {
      expect(await t.call('getOutbox', session)).toMatchObject({ status: 403 });
      expect(await t.call('resendOutboxMessage', { ...session, id: ids.held })).toMatchObject({
        status: 403,
      });
      const exported = await t.call('exportList', { ...session, call: 'getOutbox', format: 'csv' });
      expect(exported.status).toBe(403);
    }
    // Signed out: the session answer (440), as for every user call.
    expect(await t.call('getOutbox', {})).toMatchObject({ status: 440 });
  });
});

describe('resendOutboxMessage', () => {
  const stateOf = async (id: string) =>
    (
      await t.db.query<{ status: string; attempts: number; last_error: string }>(
        'SELECT status, attempts, last_error FROM mail_outbox WHERE id = $1',
        [id],
      )
    ).rows[0]!;

  it('queues a held or an abandoned mail again, once, and logs it', async () => {
    for (const id of [ids.held, ids.abandoned]) {
      const first = await t.call<{ requeued: boolean; message: Record<string, unknown> }>(
        'resendOutboxMessage',
        { ...admin, id },
      );
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({
        requeued: true,
        message: { id, status: 'pending', attempts: 0, last_error: '' },
      });
      expect(JSON.stringify(first)).not.toContain(BODY_SECRET);
      expect(await stateOf(id)).toEqual({ status: 'pending', attempts: 0, last_error: '' });
      const again = await t.call('resendOutboxMessage', { ...admin, id });
      expect(again).toMatchObject({ status: 200, data: { requeued: false } });
    }
    const logged = await loggedActions(t.db, 'outbox.resend');
    expect(logged.map((l) => l.target_id)).toEqual([ids.held, ids.abandoned]);
    expect(logged[1]).toMatchObject({
      actor_username: 'admin',
      before: { status: 'abandoned', attempts: 12, last_error: '550: mailbox unavailable' },
      after: { status: 'pending', attempts: 0, last_error: '' },
    });
  });

  it('leaves a pending mail as it is and refuses a sent one or an unknown id', async () => {
    expect(await t.call('resendOutboxMessage', { ...admin, id: ids.pending })).toMatchObject({
      status: 200,
      data: { requeued: false, message: { status: 'pending' } },
    });
    const sent = await t.call('resendOutboxMessage', { ...admin, id: ids.sent });
    expect(sent).toMatchObject({ status: 409, message: expect.stringMatching(/sent already/) });
    expect(await stateOf(ids.sent)).toMatchObject({ status: 'sent', attempts: 1 });
    const unknown = await t.call('resendOutboxMessage', {
      ...admin,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(await t.call('resendOutboxMessage', { ...admin, id: 'nope' })).toMatchObject({
      status: 400,
    });
    expect((await loggedActions(t.db, 'outbox.resend')).length).toBe(2);
  });
});
