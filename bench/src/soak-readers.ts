import { postJson } from './http-ingest';
import { describeFailure, describeNetworkError, type LatencyBook } from './soak-latency';
import type { SoakUser } from './soak-world';

export interface ReadCall {
  /** How the figures name it (the call, and its filters when it has some). */
  label: string;
  call: string;
  fields: Record<string, string>;
}

const DAY = 86_400_000;

/**
 * What a signed-in user of each role does over and over: the dashboard as it loads (spec
 * section 7), the pay-in list's first page with a status and the last 7 days, the processing
 * pay-ins, the totals of the filtered list, and the pay-out list's first page.
 */
export function readsOf(user: SoakUser): ReadCall[] {
  const scope: Record<string, string> =
    user.role === 'admin'
      ? { accountType: 'admin' }
      : { accountType: user.role, accountDbCode: user.accountDbCode };
  const lastWeek = { from: new Date(Date.now() - 7 * DAY).toISOString() };
  const firstPage = { page: '1', pageSize: '25' };
  const reads: ReadCall[] = [
    {
      label: 'getReportDashboardV3 (THB, 1M)',
      call: 'getReportDashboardV3',
      fields: { ...scope, currency: 'THB', statisticsType: '1M' },
    },
    {
      label: 'getPayinList (success, 7 days)',
      call: 'getPayinList',
      fields: { ...firstPage, status: 'success', ...lastWeek },
    },
    {
      label: 'getPayinList (processing)',
      call: 'getPayinList',
      fields: { ...firstPage, processingOnly: '1' },
    },
    {
      label: 'getListTotals (pay-ins, 7 days)',
      call: 'getListTotals',
      fields: { call: 'getPayinList', ...lastWeek },
    },
    { label: 'getPayoutList', call: 'getPayoutList', fields: firstPage },
  ];
  if (user.role === 'admin')
    reads.splice(1, 0, {
      label: 'getAdminDashboardV2 (THB)',
      call: 'getAdminDashboardV2',
      fields: { currency: 'THB' },
    });
  return reads;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One back-office call over HTTP; undefined when it answered 200, else how it failed. */
async function callOnce(base: string, user: SoakUser, read: ReadCall): Promise<string | undefined> {
  const body = JSON.stringify({
    accessToken: user.accessToken,
    accessUsername: user.accessUsername,
    ...read.fields,
  });
  try {
    const answer = await postJson(base, `/controller/admin/${read.call}`, body);
    return answer.status === 200 ? undefined : describeFailure(answer.status, answer.text);
  } catch (error) {
    return describeNetworkError(error);
  }
}

/**
 * Every user loops over its role's reads until `seconds` have passed, waiting a think time
 * between two calls (`thinkMs` on average, from half to one and a half times it), as people
 * clicking through the screens do: a closed loop, so each latency is the call's own.
 */
export async function runReaders(
  base: string,
  users: readonly SoakUser[],
  seconds: number,
  thinkMs: number,
  book: LatencyBook,
): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  const think = () => thinkMs * (0.5 + Math.random());
  await Promise.all(
    users.map(async (user, u) => {
      const reads = readsOf(user);
      // Users start spread over one think time, and each at a different read.
      await sleep(think());
      for (let i = u; performance.now() < deadline; i++) {
        const read = reads[i % reads.length]!;
        const kind = `${user.role} ${read.label}`;
        const started = performance.now();
        const failure = await callOnce(base, user, read);
        if (failure) book.fail(kind, failure);
        else book.record(kind, performance.now() - started);
        const pause = Math.min(think(), deadline - performance.now());
        if (pause > 0) await sleep(pause);
      }
    }),
  );
}
