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
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * Times one back-office call through the whole HTTP pipeline (inject: parsing, session,
 * access rule, validation, handler, response check), after a warm-up; fails on a non-200.
 */
export async function timeCall(
  app: FastifyInstance,
  name: string,
  fields: Record<string, string>,
  iterations: number,
): Promise<Timing> {
  const run = async () => {
    const started = process.hrtime.bigint();
    const response = await app.inject({
      method: 'POST',
      url: `/controller/admin/${name}`,
      payload: fields,
    });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    const body = response.json() as { status: number; message: string };
    if (body.status !== 200) throw new Error(`${name} answered ${body.status}: ${body.message}`);
    return elapsed;
  };
  for (let i = 0; i < Math.min(20, iterations); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
