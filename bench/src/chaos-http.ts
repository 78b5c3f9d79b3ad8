import { postJson } from './http-ingest';

/** How long a client waits for an answer before it calls the request hung (issue 45, check 7). */
export const CLIENT_TIMEOUT_MS = 30_000;

/** One HTTP answer as the chaos clients see it; `http` 0 when none came (network, timeout). */
export interface ChaosAnswer {
  readonly http: number;
  readonly text: string;
  readonly retryAfter?: string;
  readonly failure?: string;
  readonly timedOut?: boolean;
}

/** POSTs JSON and answers what came back; never throws (a failure is an answer with `http` 0). */
export async function postForChaos(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<ChaosAnswer> {
  try {
    const answer = await postJson(base, path, body, headers, CLIENT_TIMEOUT_MS);
    return { http: answer.status, text: answer.text, retryAfter: answer.retryAfter };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.message === 'timeout') return { http: 0, text: '', failure: 'timeout', timedOut: true };
    return { http: 0, text: '', failure: `network ${e.code ?? e.message}` };
  }
}
