import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyRowsBomb, jpegDeclaring, pngDeclaring } from '../support/hostile-files';
import {
  HEALTH_WITHIN_MS,
  listenOnPort,
  measuredUpload,
  REFUSED_WITHIN_MS,
} from '../support/upload-probe';
import { ADMIN, fundedPayin, MERCHANT, startMoneyApp, type MoneyApp } from './support/money-app';

/**
 * Issue 39, untrusted evidence files: an image declaring more pixels than anyone can open, a
 * zip bomb named .pdf, a file past the size limit are each refused at once (a 400 or 413 naming
 * the limit, within 2 s), `/healthz` answering within 200 ms meanwhile, the server's memory back
 * where it was (within 50 MB), and nothing stored.
 */
let t: MoneyApp;
let base: string;
let disputeId: string;
let session: { accessToken: string; accessUsername: string };
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await startMoneyApp();
  const payinId = await fundedPayin(t, 'evidence-bounds');
  const dispute = await t.as<{ id: string }>(ADMIN, 'simulateDispute', {
    payinId,
    amount: '100.00',
    reasonCode: 'product_not_received',
  });
  expect(dispute.status, dispute.message).toBe(200);
  disputeId = dispute.data.id;
  session = await t.signIn(MERCHANT);
  base = await listenOnPort(t.app);
});
afterAll(async () => {
  await t.close();
});

const storedFiles = async () =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM dispute_files WHERE dispute_id = $1',
      [disputeId],
    )
  ).rows[0]!.n;

const upload = (file: Buffer, name: string) =>
  measuredUpload(base, 'uploadDisputeFile', { ...session, id: disputeId }, file, name);

// Times on a shared machine: tried up to three times, as in hostile-uploads.test.ts (a stall
// fails every try; a moment the operating system left the process waiting does not).
describe('an evidence file built to harm', { retry: 2 }, () => {
  const cases = [
    [
      'a PNG declaring 100,000 × 100,000 pixels',
      pngDeclaring(100_000, 100_000),
      'huge.png',
      400,
      /more than 50000000 pixels/,
    ],
    [
      'a JPEG declaring 65,535 × 65,535 pixels',
      jpegDeclaring(65_535, 65_535),
      'huge.jpg',
      400,
      /more than 50000000 pixels/,
    ],
    [
      'a 150 KB XLSX of 100 MB of empty rows named .pdf',
      emptyRowsBomb(100),
      'bomb.pdf',
      400,
      /must be a PDF, PNG or JPEG/,
    ],
    [
      'a PDF past 5 MB',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * MB, 0x20)]),
      'big.pdf',
      413,
      /at most 5 MB/,
    ],
  ] as const;
  for (const [name, file, fileName, status, limit] of cases)
    it(`refuses ${name} at once, the server answering meanwhile, nothing stored`, async () => {
      const r = await upload(file, fileName);
      expect(r.body.status, r.body.message).toBe(status);
      expect(r.body.message).toMatch(limit);
      expect(r.ms).toBeLessThan(REFUSED_WITHIN_MS);
      expect(Math.max(...r.healthMs)).toBeLessThan(HEALTH_WITHIN_MS);
      expect(r.memoryGrowth).toBeLessThan(50 * MB);
      expect(await storedFiles()).toBe(0);
    });

  it('takes an image of a size a phone takes, and a name with a NUL byte cleaned', async () => {
    const r = await upload(jpegDeclaring(8000, 6000), 'pho\u0000to.jpg');
    expect(r.body.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ file_name: 'photo.jpg', content_type: 'image/jpeg' });
    expect(await storedFiles()).toBe(1);
  });
});
