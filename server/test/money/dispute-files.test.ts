import { createHash } from 'node:crypto';
import { DISPUTE_FILE_MAX_BYTES } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentOf } from '../../src/http/file-download';
import { safeDisputeFileName } from '../../src/modules/disputes/evidence-file';
import { encodeMultipart } from '../support/test-app';
import {
  ADMIN,
  fundedPayin,
  MERCHANT,
  MERCHANT2,
  RESELLER,
  RESELLER2,
  startMoneyApp,
  SUB,
  type MoneyApp,
} from './support/money-app';

let t: MoneyApp;
/** Pay-ins of MER00001's, 10000.03 THB each. */
const payins: Record<string, string> = {};

beforeAll(async () => {
  t = await startMoneyApp();
  for (const order of ['files-a', 'files-b']) {
    payins[order] = await fundedPayin(t, order);
  }
  await t.db.query(`UPDATE payins SET notify_url = 'https://merchant.test/notify'`);
});
afterAll(async () => {
  await t.expectCleanLedger();
  await t.close();
});

interface FileRow {
  id: string;
  dispute_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  uploaded_at: string;
  submitted: boolean;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR then pixels'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF pixels')]);
/** A Windows program: "MZ", then its header. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const sessions = new Map<string, { accessToken: string; accessUsername: string }>();
async function sessionOf(email: string) {
  let session = sessions.get(email);
  if (!session) {
    session = await t.signIn(email);
    sessions.set(email, session);
  }
  return session;
}

interface Part {
  readonly bytes: Buffer;
  readonly name: string;
  readonly type?: string;
  readonly part?: string;
}

/** Sends a call as multipart: the session's and the given text fields, then the file parts. */
async function sendWithFiles(
  email: string,
  call: string,
  fields: Record<string, string>,
  files: readonly Part[],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...(await sessionOf(email)), ...fields }))
    form.append(k, v);
  for (const f of files)
    form.append(
      f.part ?? 'file',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/controller/admin/${call}`,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  });
}

async function upload(email: string, id: string, file: Part, fields: Record<string, string> = {}) {
  const response = await sendWithFiles(email, 'uploadDisputeFile', { id, ...fields }, [file]);
  const body = response.json() as { status: number; message: string; data: FileRow };
  expect(response.statusCode).toBe(body.status);
  return body;
}

async function download(email: string, id: string, fileId: string) {
  const { body, contentType } = await encodeMultipart({ ...(await sessionOf(email)), id, fileId });
  return t.app.inject({
    method: 'POST',
    url: '/controller/admin/downloadDisputeFile',
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function simulate(payin: string, reasonCode = 'product_not_received') {
  const r = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId: payins[payin]!,
    amount: '100.00',
    reasonCode,
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

const filesOf = async (email: string, id: string) =>
  t.as<{ files: FileRow[] }>(email, 'getDisputeFiles', { id });

/** Rows stored for a dispute, and the upload log entries: what a refusal must not change. */
async function stored(id: string) {
  const files = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM dispute_files WHERE dispute_id = $1',
    [id],
  );
  const logs = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM admin_logs WHERE target_id = $1 AND action LIKE 'dispute.file%'`,
    [id],
  );
  return { files: files.rows[0]!.n, logs: logs.rows[0]!.n };
}

async function statusOf(id: string) {
  const { rows } = await t.db.query<{ status: string }>(
    'SELECT status FROM disputes WHERE id = $1',
    [id],
  );
  return rows[0]?.status;
}

describe('uploading evidence files', () => {
  let id: string;
  beforeAll(async () => {
    id = await simulate('files-a');
  });

  it('takes a PDF, a PNG and a JPEG, typed by content, with their SHA-256', async () => {
    const pdf = await upload(MERCHANT, id, { bytes: PDF, name: 'invoice.pdf', type: 'text/plain' });
    expect(pdf.status, pdf.message).toBe(200);
    expect(pdf.data).toMatchObject({
      dispute_id: id,
      file_name: 'invoice.pdf',
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      sha256: sha256(PDF),
      submitted: false,
    });
    // The client's name and type say nothing: a PNG called .txt is a PNG named .png.
    const png = await upload(MERCHANT, id, { bytes: PNG, name: '../../etc/photo.txt' });
    expect(png.status, png.message).toBe(200);
    expect(png.data).toMatchObject({
      file_name: 'photo.txt.png',
      content_type: 'image/png',
      sha256: sha256(PNG),
    });
    const jpeg = await upload(
      ADMIN,
      id,
      { bytes: JPEG, name: 'Quittung für “Ä”.JPG', type: 'image/png' },
      { reason: 'Merchant sent it by mail' },
    );
    expect(jpeg.status, jpeg.message).toBe(200);
    expect(jpeg.data).toMatchObject({
      file_name: 'Quittung für “Ä”.JPG',
      content_type: 'image/jpeg',
    });
    const list = await filesOf(MERCHANT, id);
    expect(list.status, list.message).toBe(200);
    expect(list.data.files.map((f) => f.content_type)).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
    ]);
    const { rows } = await t.db.query<{ action: string; after: { sha256: string } }>(
      `SELECT action, after FROM admin_logs WHERE target_id = $1 AND action = 'dispute.file_upload'
        ORDER BY created_at`,
      [id],
    );
    expect(rows.map((r) => r.after.sha256)).toEqual([sha256(PDF), sha256(PNG), sha256(JPEG)]);
    // Submitted with the dispute's evidence: the files keep no time of their own (0852).
    const { rows: columns } = await t.db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'dispute_files' AND table_schema = current_schema()`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('submitted_at');
    expect(columns.map((c) => c.column_name)).toContain('uploaded_at');
  });

  it('refuses a program renamed .pdf, an empty file, a missing file: nothing stored', async () => {
    const before = await stored(id);
    const exe = await upload(MERCHANT, id, {
      bytes: EXE,
      name: 'invoice.pdf',
      type: 'application/pdf',
    });
    expect(exe.status).toBe(400);
    expect(exe.message).toContain('PDF, PNG or JPEG');
    const empty = await upload(MERCHANT, id, { bytes: Buffer.alloc(0), name: 'empty.pdf' });
    expect(empty.status).toBe(400);
    expect(empty.message).toContain('empty');
    const none = await sendWithFiles(MERCHANT, 'uploadDisputeFile', { id }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toContain('file');
    const misnamed = await sendWithFiles(MERCHANT, 'uploadDisputeFile', { id }, [
      { bytes: PDF, name: 'a.pdf', part: 'attachment' },
    ]);
    expect(misnamed.statusCode).toBe(400);
    const two = await sendWithFiles(MERCHANT, 'uploadDisputeFile', { id }, [
      { bytes: PDF, name: 'a.pdf' },
      { bytes: PDF, name: 'b.pdf' },
    ]);
    expect(two.statusCode).toBe(413);
    expect(await stored(id)).toEqual(before);
  });

  it('reads no file before the session: without one, a 440 and nothing stored', async () => {
    const before = await stored(id);
    const form = new FormData();
    form.append('accessToken', 'not-a-token');
    form.append('accessUsername', 'nobody');
    form.append('id', id);
    form.append('file', new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const r = await t.app.inject({
      method: 'POST',
      url: '/controller/admin/uploadDisputeFile',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    });
    expect(r.json<{ status: number }>().status).toBe(440);
    expect(await stored(id)).toEqual(before);
  });

  it('takes a file of exactly 5 MB and refuses one byte more, storing nothing', async () => {
    const before = await stored(id);
    const big = Buffer.alloc(DISPUTE_FILE_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const tooBig = await upload(MERCHANT, id, { bytes: big, name: 'big.pdf' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toContain('5 MB');
    expect(await stored(id)).toEqual(before);
    const max = big.subarray(0, DISPUTE_FILE_MAX_BYTES);
    const ok = await upload(MERCHANT, id, { bytes: max, name: 'max.pdf' });
    expect(ok.status, ok.message).toBe(200);
    expect(ok.data).toMatchObject({ size_bytes: DISPUTE_FILE_MAX_BYTES, sha256: sha256(max) });
    const back = await download(MERCHANT, id, ok.data.id);
    expect(back.statusCode).toBe(200);
    expect(sha256(back.rawPayload)).toBe(sha256(max));
    const removed = await t.as(MERCHANT, 'removeDisputeFile', { id, fileId: ok.data.id });
    expect(removed.status, removed.message).toBe(200);
  });

  it('only a merchant, or an admin with a reason, uploads; in scope only', async () => {
    const before = await stored(id);
    expect((await upload(RESELLER, id, { bytes: PDF, name: 'r.pdf' })).status).toBe(403);
    expect((await upload(MERCHANT2, id, { bytes: PDF, name: 'm.pdf' })).status).toBe(404);
    const admin = await upload(ADMIN, id, { bytes: PDF, name: 'a.pdf' });
    expect(admin.status).toBe(400);
    expect(admin.message).toContain('reason');
    expect(await stored(id)).toEqual(before);
  });

  it('keeps at most 10 files: the 11th is refused, even two at once for the last place', async () => {
    const { files } = (await filesOf(MERCHANT, id)).data;
    for (let n = files.length; n < 9; n++) {
      const r = await upload(MERCHANT, id, { bytes: PDF, name: `page-${n}.pdf` });
      expect(r.status, r.message).toBe(200);
    }
    const both = await Promise.all(
      ['last-a.pdf', 'last-b.pdf'].map((name) => upload(MERCHANT, id, { bytes: PDF, name })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const before = await stored(id);
    const eleventh = await upload(MERCHANT, id, { bytes: PNG, name: 'one-more.png' });
    expect(eleventh.status).toBe(409);
    expect(eleventh.message).toContain('at most 10');
    expect(await stored(id)).toEqual(before);
  });

  it('other calls still refuse a file part', async () => {
    for (const call of ['getDisputeFiles', 'saveDisputeEvidence', 'removeDisputeFile']) {
      const r = await sendWithFiles(MERCHANT, call, { id, note: 'x' }, [
        { bytes: PDF, name: 'x.pdf' },
      ]);
      expect(r.statusCode, call).toBe(413);
    }
  });
});

describe('downloading evidence files', () => {
  let id: string;
  let file: FileRow;
  beforeAll(async () => {
    id = await simulate('files-b', 'fraudulent');
    const r = await upload(MERCHANT, id, { bytes: PDF, name: 'Квитанция №1; x.pdf' });
    expect(r.status, r.message).toBe(200);
    file = r.data;
  });

  it('gives the merchant, its sub-account, its reseller and an admin the bytes as an attachment', async () => {
    for (const email of [MERCHANT, SUB, RESELLER, ADMIN]) {
      const r = await download(email, id, file.id);
      expect(r.statusCode, `${email}: ${r.body.slice(0, 200)}`).toBe(200);
      expect(r.rawPayload.equals(PDF)).toBe(true);
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      const disposition = String(r.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; /);
      expect(disposition).toContain(
        `filename*=UTF-8''${encodeURIComponent('Квитанция №1; x.pdf')}`,
      );
      expect(disposition).toContain('filename="_________ _1; x.pdf"');
    }
  });

  it('another merchant or reseller, an unknown file: not found in the usual envelope', async () => {
    for (const email of [MERCHANT2, RESELLER2]) {
      const r = await download(email, id, file.id);
      expect(r.statusCode, email).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
      expect(r.headers['content-disposition']).toBeUndefined();
      expect((await filesOf(email, id)).status).toBe(404);
    }
    const unknown = await download(MERCHANT, id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await download(MERCHANT, id, 'nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('names given back', () => {
  it('are made safe when stored, and encoded for Content-Disposition', () => {
    expect(safeDisputeFileName('C:\\Users\\me\\scan.exe', 'application/pdf')).toBe('scan.exe.pdf');
    expect(safeDisputeFileName('..', 'image/png')).toBe('evidence.png');
    expect(safeDisputeFileName('a\u202Egnp.exe\n.jpeg', 'image/jpeg')).toBe('agnp.exe.jpeg');
    expect(safeDisputeFileName(`${'x'.repeat(300)}.PDF`, 'application/pdf')).toHaveLength(120);
    expect(attachmentOf('say "hi"\\(1)*.pdf')).toBe(
      `attachment; filename="say _hi__(1)*.pdf"; filename*=UTF-8''say%20%22hi%22%5C%281%29%2A.pdf`,
    );
  });
});

describe('removing and submitting', () => {
  it('removes an unsubmitted file; submitting marks them and files alone are evidence', async () => {
    const id = await simulate('files-b');
    const a = (await upload(MERCHANT, id, { bytes: PDF, name: 'a.pdf' })).data;
    const b = (await upload(MERCHANT, id, { bytes: PNG, name: 'b.png' })).data;
    expect((await t.as(RESELLER, 'removeDisputeFile', { id, fileId: a.id })).status).toBe(403);
    expect((await t.as(MERCHANT2, 'removeDisputeFile', { id, fileId: a.id })).status).toBe(404);
    const removed = await t.as<{ files: FileRow[] }>(MERCHANT, 'removeDisputeFile', {
      id,
      fileId: a.id,
    });
    expect(removed.status, removed.message).toBe(200);
    expect(removed.data.files.map((f) => f.id)).toEqual([b.id]);
    const { rows: logs } = await t.db.query<{ action: string }>(
      `SELECT action FROM admin_logs WHERE target_id = $1 AND action LIKE 'dispute.file%'
        ORDER BY created_at`,
      [id],
    );
    expect(logs.map((l) => l.action)).toEqual([
      'dispute.file_upload',
      'dispute.file_upload',
      'dispute.file_remove',
    ]);
    // No text at all: the file is the evidence (a proof for product_not_received: won).
    const sent = await t.as<{ status: string }>(MERCHANT, 'saveDisputeEvidence', {
      id,
      submit: '1',
    });
    expect(sent.status, sent.message).toBe(200);
    expect(sent.data.status).toBe('evidence_submitted');
    expect((await filesOf(MERCHANT, id)).data.files).toMatchObject([{ id: b.id, submitted: true }]);
    const before = await stored(id);
    const late = await upload(MERCHANT, id, { bytes: PDF, name: 'late.pdf' });
    expect(late.status).toBe(409);
    const remove = await t.as(MERCHANT, 'removeDisputeFile', { id, fileId: b.id });
    expect(remove.status).toBe(409);
    expect(await stored(id)).toEqual(before);
    await t.sandbox.idle();
    expect(await statusOf(id)).toBe('won');
  });

  it('for reason fraudulent, files without the customer’s words lose', async () => {
    const id = await simulate('files-b', 'fraudulent');
    expect((await upload(MERCHANT, id, { bytes: JPEG, name: 'photo.jpg' })).status).toBe(200);
    const sent = await t.as(MERCHANT, 'saveDisputeEvidence', { id, submit: '1' });
    expect(sent.status, sent.message).toBe(200);
    await t.sandbox.idle();
    expect(await statusOf(id)).toBe('lost');
  });

  it('nothing is added or removed past the deadline', async () => {
    const id = await simulate('files-b');
    const kept = (await upload(MERCHANT, id, { bytes: PDF, name: 'kept.pdf' })).data;
    await t.db.query(`UPDATE disputes SET respond_by = now() - interval '1 minute' WHERE id = $1`, [
      id,
    ]);
    const before = await stored(id);
    const late = await upload(MERCHANT, id, { bytes: PDF, name: 'late.pdf' });
    expect(late.status).toBe(409);
    expect(late.message).toContain('deadline');
    expect((await t.as(MERCHANT, 'removeDisputeFile', { id, fileId: kept.id })).status).toBe(409);
    expect(await stored(id)).toEqual(before);
    // Still downloadable.
    expect((await download(RESELLER, id, kept.id)).statusCode).toBe(200);
  });
});
