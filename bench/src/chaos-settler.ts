import { createHash } from 'node:crypto';
import { seededStream } from '../../server/src/core/seeded-random';
import type { Queryable } from '../../server/src/db/db';
import type { ChaosAnswer } from './chaos-http';
import { backOfficeCall } from './chaos-world';
import { RETRY_FOR_MS } from './chaos-writer';
import type { SoakUser } from './soak-world';
import { WakeablePauses } from './wakeable-pauses';

/** A retry is sent at least this long after the answer it follows (as the merchant clients). */
const MIN_RETRY_GAP_MS = 1_100;

export interface ChaosSettlerOptions {
  /** Time between two settlement requests (open loop, as the clients' writes); 10 s. */
  readonly everyMs?: number;
  /** Time between two rounds of the admins' decisions (approve, reject, complete); 1 s. */
  readonly roundMs?: number;
  /** Share of the requests the checker rejects after the first approval instead; 0.1. */
  readonly rejectShare?: number;
  readonly currency?: string;
  /** The whole units a request asks for, drawn from [min, max]; 100 to 999. */
  readonly amounts?: readonly [number, number];
}

/** One try of one request, as the merchant's screen saw it. */
export interface SettlementTry {
  readonly attempt: number;
  readonly sentAt: number;
  readonly answeredAt: number;
  /** 0: no answer (a cut connection, a timeout). */
  readonly http: number;
  readonly retryAfter?: string;
  /** `data.reason` of a refusal, when it names one. */
  readonly reason?: string;
  readonly message?: string;
  readonly failure?: string;
  readonly timedOut?: boolean;
  /** The settlement a 200 answered. */
  readonly id?: string;
}

/** A settlement request of the run: what was asked, every try, and its last answer's facts. */
export interface SettlementAsk {
  readonly n: number;
  /** The form's `requestKey` (`<prefix>-settlement-<n>`), the same on every try. */
  readonly key: string;
  /** The requesting merchant's account code. */
  readonly merchant: string;
  readonly amount: string;
  readonly currency: string;
  readonly tries: SettlementTry[];
  /** The settlement a 200 answered, and the status it answered. */
  id?: string;
  status?: string;
}

/** What one back-office answer says: its HTTP status and the envelope's message and reason. */
function read(answer: ChaosAnswer): { message?: string; reason?: string; data?: unknown } {
  try {
    const body = JSON.parse(answer.text) as {
      message?: unknown;
      data?: { reason?: unknown } & Record<string, unknown>;
    };
    return {
      message: typeof body.message === 'string' ? body.message : undefined,
      reason: typeof body.data?.reason === 'string' ? body.data.reason : undefined,
      data: body.data,
    };
  } catch {
    return {};
  }
}

/** How an answer is counted: its status, its refusal reason, or how no answer came. */
function kindOf(answer: ChaosAnswer): string {
  if (answer.http === 0) return answer.failure ?? 'no answer';
  const { reason } = read(answer);
  return reason ? `${answer.http} ${reason}` : String(answer.http);
}

/** Whether a request should be sent again: no answer, a 5xx, a 429 (chaos-writer's rule). */
const retryable = (http: number) => http === 0 || http >= 500 || http === 429;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What differs between the back-office requests the run makes (a settlement, a pay-out): the
 * call asking for one and its input, its table, the status it waits for approvals in, the
 * calls deciding it, and what an admin does once it is approved (a settlement's completion
 * with its bank transfer; a pay-out goes to its gateway by itself).
 */
export interface BackOfficeRequestKind {
  /** What the report and the checks call it. */
  readonly name: 'settlement' | 'payout';
  /** Its request keys are `<prefix>-<keyPart>-<n>` (apart from the merchant API's order ids). */
  readonly keyPart: string;
  readonly request: string;
  readonly input: (
    key: string,
    n: number,
    merchant: SoakUser,
    amount: string,
    currency: string,
  ) => Record<string, string>;
  readonly table: 'settlements' | 'payouts';
  readonly pending: string;
  readonly approve: string;
  readonly reject: string;
  readonly complete?: {
    readonly call: string;
    readonly input: (key: string) => Record<string, string>;
  };
  /** Reads the merchant's available balance first and asks only for what it twice covers. */
  readonly checksBalance: boolean;
}

const bankDetails = (n: number, merchant: SoakUser) => ({
  bankName: 'Chaos Bank',
  accountNumber: String(1_000_000_000 + n),
  accountHolder: `Chaos Holder ${merchant.accountDbCode}`,
});

/** The transfer an admin records on completing settlement `key`: 4 to 40 letters, digits, -. */
function transferOf(key: string) {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16).toUpperCase();
  return { bankReference: `CHAOS-${digest}`, valueDate: new Date().toISOString().slice(0, 10) };
}

/** A settlement: asked from the available balance, approved by two, completed by an admin. */
export const SETTLEMENT_REQUESTS: BackOfficeRequestKind = {
  name: 'settlement',
  keyPart: 'settlement',
  request: 'requestSettlement',
  input: (key, n, merchant, amount, currency) => ({
    currency,
    amount,
    ...bankDetails(n, merchant),
    requestKey: key,
  }),
  table: 'settlements',
  pending: 'pending',
  approve: 'approveSettlement',
  reject: 'rejectSettlement',
  complete: { call: 'completeSettlement', input: transferOf },
  checksBalance: true,
};

/**
 * A pay-out asked in the back office (its order id is its key): from the pay-out balance the
 * run funded, approved by two, then handed to its gateway by the product.
 */
export const PAYOUT_REQUESTS: BackOfficeRequestKind = {
  name: 'payout',
  keyPart: 'back-office-payout',
  request: 'createPayout',
  input: (key, n, merchant, amount, currency) => ({
    currency,
    amount,
    orderId: key,
    ...bankDetails(n, merchant),
    requestKey: key,
  }),
  table: 'payouts',
  pending: 'pending_approval',
  approve: 'approvePayout',
  reject: 'rejectPayout',
  checksBalance: false,
};

/** A request of the run as the reviewers' round reads it. */
interface OpenSettlement {
  id: string;
  status: string;
  request_key: string;
  approvers: string[];
}

/**
 * Settlements in the chaos run (issue 45), made as the product makes them: a merchant asks
 * through the back office's `requestSettlement` (amount plus fee reserved from its available
 * balance) with the form's `requestKey`, retried under the same key after no answer, a 5xx or a
 * 429 (after `Retry-After`, at least 1.1 s), as the clients do; before asking, it reads its
 * balance as the form shows it (`getReportBalanceForResellerMerchant`) and asks only for what
 * twice covers. Each round, the reviewers read the run's settlements from the database:
 * a pending one is approved by the admins in turn (`approveSettlement`, maker-checker: two
 * distinct admins unless a threshold says one), or, one in ten, rejected by the checker after
 * the first approval (`rejectSettlement`); an approved one is marked done by an admin with the
 * bank transfer (`completeSettlement`): no gateway moves a settlement, the admin's completion
 * is its hand-over, and it posts the reservation. A call that fails is tried again next round.
 * With `PAYOUT_REQUESTS` it asks for pay-outs the same way (`createPayout`, from the pay-out
 * balance, no balance read first), approved by two (`approvePayout`) or rejected, and the
 * product hands each approved one to its gateway.
 */
export class ChaosSettler {
  private readonly draw: () => number;
  private readonly merchants: readonly SoakUser[];
  private readonly admins: readonly SoakUser[];
  private readonly o: Required<ChaosSettlerOptions>;
  private requesting = false;
  private deciding = false;
  private requestLoop: Promise<void> | null = null;
  private decideLoop: Promise<void> | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  /** The pauses under way: stopping ends them at once. */
  private readonly pauses = new WakeablePauses();
  /** Every request of the run, in the order asked. */
  readonly asks: SettlementAsk[] = [];
  /** Requests not sent: the balance did not cover them, or could not be read. */
  skipped = 0;
  /** Back-office calls by call and answer (`requestSettlement 200`, `approveSettlement 409`). */
  readonly answers = new Map<string, number>();
  /** Settlements an approval call moved to approved, the checker rejected, an admin completed. */
  approved = 0;
  rejected = 0;
  completed = 0;
  /** Approval calls answered 200 (a first approval of two included). */
  approvals = 0;

  constructor(
    /** The run's database: the reviewers read which settlements wait for them. */
    private readonly db: Queryable,
    /** The balancer's URL, as every client sees it. */
    private readonly base: () => string,
    /** The run's users: its merchants ask, its admins decide (two at least). */
    users: readonly SoakUser[],
    seed: number,
    /** The run's prefix: every request key is `<prefix>-<keyPart>-<n>`. */
    private readonly prefix: string,
    options: ChaosSettlerOptions = {},
    /** What is asked for: settlements (the default) or pay-outs. */
    readonly kind: BackOfficeRequestKind = SETTLEMENT_REQUESTS,
  ) {
    this.draw = seededStream(
      seed,
      kind.name === 'settlement' ? 'settler' : `requests-${kind.name}`,
    );
    this.merchants = users.filter((u) => u.role === 'merchant');
    this.admins = users.filter((u) => u.role === 'admin');
    if (!this.merchants.length) throw new Error('the settler needs a merchant among the users');
    if (this.admins.length < 2) throw new Error('the settler needs two admins (maker-checker)');
    this.o = {
      everyMs: options.everyMs ?? 10_000,
      roundMs: options.roundMs ?? 1_000,
      rejectShare: options.rejectShare ?? 0.1,
      currency: options.currency ?? 'THB',
      amounts: options.amounts ?? [100, 999],
    };
  }

  /** Starts asking (the first request one interval in) and deciding. */
  start(): void {
    if (this.requestLoop) return;
    this.requesting = this.deciding = true;
    this.requestLoop = this.runRequests();
    this.decideLoop = (async () => {
      while (this.deciding) {
        await this.round().catch(() => undefined);
        await this.pauses.pause(this.o.roundMs);
      }
    })();
  }

  /**
   * Asks for no more settlements and waits for the requests under way to have their last
   * answer; the reviewers go on deciding (the run then waits for `settlementsLeftOpen`).
   */
  async stopRequests(): Promise<void> {
    this.requesting = false;
    this.pauses.wakeAll();
    await this.requestLoop;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  /** Ends everything: no more requests, the round under way finished, no more rounds. */
  async stop(): Promise<void> {
    await this.stopRequests();
    this.deciding = false;
    this.pauses.wakeAll();
    await this.decideLoop;
  }

  /** Requests answered 200 (their settlement made, or replayed under their key). */
  get accepted(): number {
    return this.asks.filter((a) => a.id).length;
  }

  /** The settler's figures for the run's report, a line each. */
  summary(): string[] {
    const tries = this.asks.reduce((n, a) => n + a.tries.length, 0);
    const others = [...this.answers]
      .filter(([k]) => !k.endsWith(' 200'))
      .map(([k, n]) => `${k} ×${n}`);
    return [
      `${this.kind.name}s in the back office: ${this.asks.length} asked (${tries} tries), ${this.accepted} answered 200, ${this.skipped} not asked (balance short or unread)`,
      `  decisions: ${this.approvals} approvals answered 200, ${this.approved} approved, ${this.rejected} rejected, ${this.completed} completed`,
      `  answers other than 200: ${others.join(', ') || 'none'}`,
    ];
  }

  private count(call: string, answer: ChaosAnswer) {
    const key = `${call} ${kindOf(answer)}`;
    this.answers.set(key, (this.answers.get(key) ?? 0) + 1);
  }

  private async runRequests() {
    const started = Date.now();
    for (let n = 0; this.requesting; n++) {
      const wait = started + (n + 1) * this.o.everyMs - Date.now();
      if (wait > 0) await this.pauses.pause(wait);
      if (!this.requesting) return;
      const merchant = this.merchants[Math.floor(this.draw() * this.merchants.length)]!;
      const [min, max] = this.o.amounts;
      const whole = min + Math.floor(this.draw() * (max - min + 1));
      const job = this.request(n, merchant, whole).finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    }
  }

  /** The merchant's available balance as its form shows it; null when it could not be read. */
  private async balanceOf(merchant: SoakUser): Promise<number | null> {
    const answer = await backOfficeCall(
      this.base(),
      merchant,
      'getReportBalanceForResellerMerchant',
      {
        currency: this.o.currency,
      },
    );
    this.count('getReportBalanceForResellerMerchant', answer);
    if (answer.http !== 200) return null;
    const balance = Number((read(answer).data as { balance?: unknown } | undefined)?.balance);
    return Number.isFinite(balance) ? balance : null;
  }

  /** One settlement request, tried under its key until answered for good or RETRY_FOR_MS. */
  private async request(n: number, merchant: SoakUser, whole: number) {
    if (this.kind.checksBalance) {
      const balance = await this.balanceOf(merchant);
      if (balance === null || balance < 2 * whole) {
        this.skipped++;
        return;
      }
    }
    const ask: SettlementAsk = {
      n,
      key: `${this.prefix}-${this.kind.keyPart}-${n}`,
      merchant: merchant.accountDbCode,
      amount: `${whole}.00`,
      currency: this.o.currency,
      tries: [],
    };
    this.asks.push(ask);
    const input = this.kind.input(ask.key, n, merchant, ask.amount, ask.currency);
    const giveUpAt = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; ; attempt++) {
      const sentAt = Date.now();
      const answer = await backOfficeCall(this.base(), merchant, this.kind.request, input);
      this.count(this.kind.request, answer);
      const said = read(answer);
      const row = (answer.http === 200 ? said.data : undefined) as
        { id?: unknown; status?: unknown } | undefined;
      const id = typeof row?.id === 'string' ? row.id : undefined;
      ask.tries.push({
        attempt,
        sentAt,
        answeredAt: Date.now(),
        http: answer.http,
        ...(answer.retryAfter && { retryAfter: answer.retryAfter }),
        ...(said.reason && { reason: said.reason }),
        ...(said.message && answer.http !== 200 && { message: said.message }),
        ...(answer.failure && { failure: answer.failure }),
        ...(answer.timedOut && { timedOut: true }),
        ...(id && { id }),
      });
      if (answer.http === 200) {
        ask.id = id;
        if (typeof row?.status === 'string') ask.status = row.status;
        return;
      }
      if (!retryable(answer.http)) return;
      const seconds = Number(answer.retryAfter);
      const gap =
        Number.isFinite(seconds) && seconds > 0
          ? Math.max(MIN_RETRY_GAP_MS, seconds * 1000)
          : MIN_RETRY_GAP_MS;
      if (Date.now() + gap > giveUpAt) return;
      await sleep(gap);
    }
  }

  /** Whether the checker rejects this request rather than approve it (drawn from its key). */
  private toReject(key: string): boolean {
    const hash = createHash('sha256').update(`${key}:reject`).digest().readUInt32BE(0);
    return hash / 2 ** 32 < this.o.rejectShare;
  }

  private async round() {
    const { complete } = this.kind;
    const { rows } = await this.db.query<OpenSettlement>(
      `SELECT s.id::text, s.status, r.request_key,
              array(SELECT a.account_db_code FROM approvals ap
                      JOIN accounts a ON a.id = ap.approver_account_id
                     WHERE ap.ref_id = s.id) AS approvers
         FROM money_requests r JOIN ${this.kind.table} s ON s.id = r.ref_id
        WHERE r.request_key LIKE $1 AND s.status = ANY ($2::text[])
        ORDER BY s.created_at`,
      [
        `${this.prefix}-${this.kind.keyPart}-%`,
        complete ? [this.kind.pending, 'approved'] : [this.kind.pending],
      ],
    );
    for (const s of rows) {
      if (!this.deciding) return;
      if (complete && s.status === 'approved') {
        const admin = this.admins[this.completed % this.admins.length]!;
        const answer = await backOfficeCall(this.base(), admin, complete.call, {
          id: s.id,
          ...complete.input(s.request_key),
        });
        this.count(complete.call, answer);
        if (answer.http === 200) this.completed++;
        continue;
      }
      const admin = this.admins.find((u) => !s.approvers.includes(u.accountDbCode));
      if (!admin) continue;
      if (s.approvers.length > 0 && this.toReject(s.request_key)) {
        const answer = await backOfficeCall(this.base(), admin, this.kind.reject, {
          id: s.id,
          reasonCode: 'other',
          note: 'Chaos run: the checker refused it',
        });
        this.count(this.kind.reject, answer);
        if (answer.http === 200) this.rejected++;
        continue;
      }
      const answer = await backOfficeCall(this.base(), admin, this.kind.approve, { id: s.id });
      this.count(this.kind.approve, answer);
      if (answer.http !== 200) continue;
      this.approvals++;
      const status = (read(answer).data as { status?: unknown } | undefined)?.status;
      if (typeof status === 'string' && status !== this.kind.pending) this.approved++;
    }
  }
}
