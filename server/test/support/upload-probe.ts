/**
 * An upload sent to a test app listening on a real port, measured honestly (issue 39): how long
 * its answer takes, how long each `/healthz` asked meanwhile takes (one after the other, for as
 * long as the upload runs: a stalled event loop shows there), how large the answer is, and how
 * far the heap (JS and buffers, after a full collection) stands from where it stood before.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

setFlagsFromString('--expose-gc');
/** The engine's collector, exposed for this file's measures (a new context sees the flag). */
const gc = runInNewContext('gc') as () => void;

/** Heap and buffer bytes in use once garbage is collected. */
async function settledMemory(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc();
    await nextTurn();
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/** Starts the app listening on a free port of 127.0.0.1; answers its base address. */
export async function listenOnPort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * The bounds catch a stall, not a speed: the old code held the event loop 40 s on these files,
 * on every try. The probe's own figures (a refusal within 2 s, `/healthz` within 200 ms) are a
 * quiet machine's; on CI's two shared cores, with the other lane's Chromium and PostgreSQL
 * beside it, one test missed them three tries in a row (5 December, a machine slower than
 * before). So the test allows what a busy machine takes, which a stall exceeds many times over.
 */
export const REFUSED_WITHIN_MS = 6000;
export const HEALTH_WITHIN_MS = 1000;

export interface MeasuredUpload {
  httpStatus: number;
  body: { status: number; message: string; data: unknown };
  /** Bytes of the answer's body. */
  answerBytes: number;
  /** From sending to the whole answer read. */
  ms: number;
  /** Each `/healthz` asked while the upload ran, its time to answer. */
  healthMs: number[];
  /** The longest the event loop was held while the upload ran (`monitorEventLoopDelay`). */
  loopDelayMs: number;
  /** Heap and buffers after the upload less before, both settled. */
  memoryGrowth: number;
}

/**
 * POSTs `body` on a connection of its own (a refused upload's is closed by the server, and must
 * not be one the `/healthz` requests share); its answer, whatever happens to the rest of the
 * body once the server has answered.
 */
function postAlone(url: string, body: Buffer, contentType: string) {
  return new Promise<{ httpStatus: number; text: string }>((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': contentType, 'content-length': body.length },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ httpStatus: answer.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
        );
        answer.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Sends `file` with `fields` as a multipart upload to `call`, measuring as told above. */
export async function measuredUpload(
  base: string,
  call: string,
  fields: Record<string, string>,
  file: Uint8Array,
  fileName: string,
): Promise<MeasuredUpload> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file]), fileName);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const contentType = encoded.headers.get('content-type') ?? '';
  const before = await settledMemory();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  let done = false;
  const answer = postAlone(`${base}/controller/admin/${call}`, body, contentType)
    .then((r) => ({ ...r, ms: performance.now() - started }))
    .finally(() => {
      done = true;
    });
  const healthMs: number[] = [];
  do {
    const asked = performance.now();
    const health = await fetch(`${base}/healthz`);
    await health.arrayBuffer();
    healthMs.push(performance.now() - asked);
  } while (!done);
  const { httpStatus, text, ms } = await answer;
  loop.disable();
  const memoryGrowth = (await settledMemory()) - before;
  return {
    httpStatus,
    body: JSON.parse(text) as MeasuredUpload['body'],
    answerBytes: Buffer.byteLength(text),
    ms,
    healthMs,
    loopDelayMs: loop.max / 1e6,
    memoryGrowth,
  };
}
