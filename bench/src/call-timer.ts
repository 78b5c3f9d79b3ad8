import type { FastifyInstance } from 'fastify';

/** Signs in through the real `login` call and returns the fields that authenticate calls. */
export async function signInForBench(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/controller/admin/login',
    payload: { email, password },
  });
  const body = response.json() as {
    status: number;
    message: string;
    data: { token: string; username: string };
  };
  if (body.status !== 200) throw new Error(`sign-in of ${email} failed: ${body.message}`);
  return { accessToken: body.data.token, accessUsername: body.data.username };
}

export interface Timing {
  p50: number;
  p95: number;
  /** Every timed call's milliseconds, fastest first. */
  samples: readonly number[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The p50 and p95 of timed calls' milliseconds (in any order), with them fastest first. */
export function timingOf(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), samples: sorted };
}

const send = (app: FastifyInstance, name: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/controller/admin/${name}`, payload: fields });

function dataOf<T>(name: string, response: Awaited<ReturnType<typeof send>>): T {
  const body = response.json() as { status: number; message: string; data: T };
  if (body.status !== 200) throw new Error(`${name} answered ${body.status}: ${body.message}`);
  return body.data;
}

/** One back-office call through the HTTP pipeline: its `data`, or an error on a non-200. */
export async function callData<T = Record<string, unknown>>(
  app: FastifyInstance,
  name: string,
  fields: Record<string, string>,
): Promise<T> {
  return dataOf<T>(name, await send(app, name, fields));
}

/**
 * Times one back-office call through the whole HTTP pipeline (inject: parsing, session,
 * access rule, validation, handler, response check), after a warm-up (`warmUp` calls,
 * default up to 20); fails on a non-200.
 */
export async function timeCall(
  app: FastifyInstance,
  name: string,
  fields: Record<string, string>,
  iterations: number,
  warmUp = Math.min(20, iterations),
): Promise<Timing> {
  const run = async () => {
    const started = process.hrtime.bigint();
    const response = await send(app, name, fields);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    dataOf(name, response);
    return elapsed;
  };
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) times.push(await run());
  return timingOf(times);
}
