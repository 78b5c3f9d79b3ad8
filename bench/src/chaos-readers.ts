import { seededStream } from '../../server/src/core/seeded-random';
import { checkOf, type CheckResult } from './chaos-checks';
import type { ChaosAnswer } from './chaos-http';
import { backOfficeCall } from './chaos-world';
import { readsOf, type ReadCall } from './soak-readers';
import type { SoakUser } from './soak-world';
import { WakeablePauses } from './wakeable-pauses';

export interface ChaosReadersOptions {
  /** Each user's time between two reads, on average (from half to one and a half times); 5 s. */
  readonly everyMs?: number;
  /** Draws the think times (the same seed, the same pauses); 0. */
  readonly seed?: number;
}

/** The most failures kept word for word (all are counted). */
const KEPT_FAILURES = 50;

/**
 * A user's reads: the soak's (the dashboard, the pay-in list filtered, its totals, the pay-out
 * list; an admin's dashboard) and the settlement lists the run's settlements appear in.
 */
function chaosReadsOf(user: SoakUser): ReadCall[] {
  const firstPage = { page: '1', pageSize: '25' };
  return [
    ...readsOf(user),
    {
      label: 'getSettlementList (pending)',
      call: 'getSettlementList',
      fields: { ...firstPage, pendingOnly: '1' },
    },
    { label: 'getSettlementList', call: 'getSettlementList', fields: firstPage },
  ];
}

/**
 * What an answer to a read means: `ok` (200), `refused honestly` (a 503 with `Retry-After`, a
 * 429), `no answer` (a connection cut by an instance's kill: the screen tries again on its
 * own), else a failure: a request that hung past the client's 30 s, another 5xx, or a refusal
 * of a read the user may make.
 */
export function readVerdict(
  answer: ChaosAnswer,
): 'ok' | 'refused honestly' | 'no answer' | 'failure' {
  if (answer.http === 200) return 'ok';
  if (answer.http === 0) return answer.timedOut ? 'failure' : 'no answer';
  if ((answer.http === 503 && answer.retryAfter) || answer.http === 429) return 'refused honestly';
  return 'failure';
}

const messageOf = (answer: ChaosAnswer) => {
  try {
    const message = (JSON.parse(answer.text) as { message?: unknown }).message;
    return typeof message === 'string' ? message.slice(0, 160) : '';
  } catch {
    return answer.text.slice(0, 80);
  }
};

/**
 * Back-office reads during the chaos run (issue 45): each admin, reseller and merchant user of
 * the world goes round its reads (`chaosReadsOf`) one call at a time, a think time between two,
 * at a low steady rate. Nothing is tried again: each answer is counted by status, and a 5xx
 * that is not a 503 with `Retry-After`, a hung request or a refusal is kept as a failure.
 */
export class ChaosReaders {
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly pauses = new WakeablePauses();
  /** Reads sent, and their answers by status (`200`, `503`, `no answer`, `timeout`). */
  calls = 0;
  readonly byStatus = new Map<string, number>();
  /** Reads answered 200, by `role call`. */
  readonly okByRead = new Map<string, number>();
  /** Failures counted, and the first ones word for word. */
  failed = 0;
  readonly failures: string[] = [];

  constructor(
    private readonly base: () => string,
    private readonly users: readonly SoakUser[],
    private readonly options: ChaosReadersOptions = {},
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const everyMs = this.options.everyMs ?? 5_000;
    this.loops = this.users.map(async (user, u) => {
      const draw = seededStream(this.options.seed ?? 0, `readers:${u}`);
      const think = () => everyMs * (0.5 + draw());
      const reads = chaosReadsOf(user);
      // Users start spread over one think time, each at a different read.
      await this.pauses.pause(think());
      for (let i = u; this.running; i++) {
        await this.readOnce(user, reads[i % reads.length]!);
        await this.pauses.pause(think());
      }
    });
  }

  /** Ends the loops once their reads under way are answered. */
  async stop(): Promise<void> {
    this.running = false;
    this.pauses.wakeAll();
    await Promise.all(this.loops);
  }

  /** Reads answered 200. */
  get ok(): number {
    return this.byStatus.get('200') ?? 0;
  }

  /** The readers' figures for the run's report, a line each. */
  summary(): string[] {
    const statuses = [...this.byStatus]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, n]) => `${k} ×${n}`);
    return [
      `back-office reads: ${this.calls} by ${this.users.length} users, answered ${statuses.join(', ') || 'nothing'}; ${this.failed} failures`,
      ...this.failures.slice(0, 10).map((f) => `  ${f}`),
    ];
  }

  private async readOnce(user: SoakUser, read: ReadCall) {
    this.calls++;
    const sentAt = Date.now();
    const answer = await backOfficeCall(this.base(), user, read.call, read.fields);
    const status =
      answer.http === 0 ? (answer.timedOut ? 'timeout' : 'no answer') : `${answer.http}`;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const what = `${user.role} ${read.label}`;
    const verdict = readVerdict(answer);
    if (verdict === 'ok') this.okByRead.set(what, (this.okByRead.get(what) ?? 0) + 1);
    if (verdict !== 'failure') return;
    this.failed++;
    if (this.failures.length < KEPT_FAILURES)
      this.failures.push(
        `${new Date(sentAt).toISOString()} ${what}: ${answer.timedOut ? 'no answer in 30 s' : `${answer.http} ${messageOf(answer)}`}`,
      );
  }
}

/**
 * The back office answered its readers through the run: no read hung, no 5xx but a 503 with
 * `Retry-After`, no read of the user's own screens refused; and some were answered 200.
 */
export function readsAnswered(readers: ChaosReaders): CheckResult {
  const failures = [...readers.failures];
  if (readers.failed > failures.length)
    failures.push(`… ${readers.failed - failures.length} more failures`);
  if (readers.calls > 0 && readers.ok === 0) failures.push('no read was answered 200');
  return checkOf(
    `the back office answered its readers (${readers.ok} of ${readers.calls} reads 200)`,
    failures,
  );
}
