import { isRetryable, isUnreachable, withRetries, type Db, type Queryable } from './db';

/** How a group commit runs its work. */
export interface GroupCommitOptions<I, O> {
  /**
   * The all-or-nothing fast path: does the work of every item in one transaction and answers
   * one result per item, in order. Anything it throws rolls the whole batch back, and every
   * item then runs again on its own through `one`, so one bad item fails alone.
   */
  readonly many: (tx: Queryable, items: readonly I[]) => Promise<O[]>;
  /** The work of one item in its own transaction (exactly what an unbatched call does). */
  readonly one: (tx: Queryable, item: I) => Promise<O>;
  /** Items with the same key never share a batch: a later one waits for the next batch. */
  readonly key?: (item: I) => string;
  /** Largest batch (default 64). */
  readonly maxItems?: number;
  /** Batches in flight at once (default 2); each holds one connection. */
  readonly maxConcurrent?: number;
  /**
   * While a batch is in flight, another leaves only once this many items wait (default: half
   * of `maxItems`). With nothing in flight a batch leaves at once, so a lone request waits for
   * no one; under load batches grow instead of multiplying, and each item then costs less.
   */
  readonly overlapAt?: number;
  /**
   * `many` writes with one statement (reads before it are fine: under READ COMMITTED each
   * statement has its own snapshot anyway), which PostgreSQL makes atomic by itself: the batch
   * runs without BEGIN and COMMIT. `one` still runs in a transaction.
   */
  readonly batchIsOneStatement?: boolean;
  /**
   * `many` never fails for one item's sake (say, `INSERT … ON CONFLICT DO NOTHING`), so a lone
   * item runs it too instead of `one`: with `batchIsOneStatement`, one statement and no
   * BEGIN and COMMIT, as when it came with others.
   */
  readonly loneItemRunsMany?: boolean;
}

interface Waiter<I, O> {
  readonly item: I;
  readonly resolve: (value: O) => void;
  readonly reject: (error: unknown) => void;
}

/** What `many` threw: the batch is rolled back and its items are retried one by one. */
class BatchWorkError extends Error {
  constructor(override readonly cause: unknown) {
    super('batch work failed');
  }
}

/**
 * Group commit: concurrent callers' items are collected (those arriving while the batches in
 * flight run, plus those of the same event-loop turn) and done in one transaction. A second
 * batch overlaps the first only when enough items wait (`overlapAt`). No caller
 * gets an answer before its batch has committed. A batch whose work fails is rolled back and
 * each of its items is retried alone, so errors stay per item; a batch that fails at COMMIT
 * answers every caller with that error and changed nothing; one that loses its connection
 * answers every caller with the loss, its outcome unknown (it may have committed).
 */
export class GroupCommit<I, O> {
  private readonly queue: Waiter<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly maxItems: number;
  private readonly maxConcurrent: number;
  private readonly overlapAt: number;
  /** What metrics call this group commit (`groupCommitOf` names it). */
  name = 'unnamed';

  constructor(
    private readonly db: Db,
    private readonly options: GroupCommitOptions<I, O>,
  ) {
    this.maxItems = options.maxItems ?? 64;
    this.maxConcurrent = options.maxConcurrent ?? 2;
    this.overlapAt = options.overlapAt ?? Math.ceil(this.maxItems / 2);
  }

  /** Queues one item; resolves with its result once its transaction has committed. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Whether another batch may leave now. */
  private mayLeave(): boolean {
    if (!this.queue.length || this.inFlight >= this.maxConcurrent) return false;
    return this.inFlight === 0 || this.queue.length >= this.overlapAt;
  }

  private schedule() {
    if (this.scheduled || !this.mayLeave()) return;
    this.scheduled = true;
    // Let the callers of this event-loop turn join before the batch leaves.
    setImmediate(() => {
      this.scheduled = false;
      while (this.mayLeave()) {
        const batch = this.take();
        this.inFlight++;
        void this.run(batch).finally(() => {
          this.inFlight--;
          this.schedule();
        });
      }
    });
  }

  /** Takes up to `maxItems` queued items, skipping (and keeping, in order) repeated keys. */
  private take(): Waiter<I, O>[] {
    const keyOf = this.options.key;
    const batch: Waiter<I, O>[] = [];
    const keys = new Set<string>();
    const rest: Waiter<I, O>[] = [];
    for (const w of this.queue) {
      const k = keyOf?.(w.item);
      if (batch.length >= this.maxItems || (k !== undefined && keys.has(k))) {
        rest.push(w);
        continue;
      }
      if (k !== undefined) keys.add(k);
      batch.push(w);
    }
    this.queue.splice(0, this.queue.length, ...rest);
    return batch;
  }

  private async run(batch: Waiter<I, O>[]): Promise<void> {
    batchObserver?.(this.name, batch.length);
    if (batch.length === 1 && !this.options.loneItemRunsMany) return this.runAlone(batch[0]!);
    let results: O[];
    try {
      const batchWork = this.options.batchIsOneStatement
        ? (work: (tx: Queryable) => Promise<O[]>) => withRetries(() => work(this.db))
        : (work: (tx: Queryable) => Promise<O[]>) => this.db.transaction(work);
      results = await batchWork(async (tx) => {
        try {
          const out = await this.options.many(
            tx,
            batch.map((w) => w.item),
          );
          if (out.length !== batch.length) throw new Error('a batch answered the wrong count');
          return out;
        } catch (error) {
          // Deadlocks and serialization failures go to the transaction's own retries. A lost
          // connection leaves the outcome unknown (a batch of one statement may have committed
          // before its answer was lost): running the items again alone would see their own
          // writes (a signature seen, a key claimed) and refuse them, so every caller gets the
          // loss instead, and a retry finds what was kept.
          throw isRetryable(error) || isUnreachable(error) ? error : new BatchWorkError(error);
        }
      });
    } catch (error) {
      if (error instanceof BatchWorkError) {
        await Promise.all(batch.map((w) => this.runAlone(w)));
      } else {
        for (const w of batch) w.reject(error);
      }
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }

  private async runAlone(w: Waiter<I, O>): Promise<void> {
    try {
      w.resolve(await this.db.transaction((tx) => this.options.one(tx, w.item)));
    } catch (error) {
      w.reject(error);
    }
  }
}

let batchObserver: ((name: string, items: number) => void) | undefined;

/** Tells `observer` the size of every batch that leaves (metrics); one observer per process. */
export function observeGroupCommitBatches(observer: (name: string, items: number) => void) {
  batchObserver = observer;
}

const registry = new WeakMap<Db, Map<string, unknown>>();

/** The group commit named `name` of this database, made by `make` on first use. */
export function groupCommitOf<I, O>(
  db: Db,
  name: string,
  make: () => GroupCommit<I, O>,
): GroupCommit<I, O> {
  const byName = registry.get(db) ?? new Map<string, unknown>();
  registry.set(db, byName);
  let g = byName.get(name) as GroupCommit<I, O> | undefined;
  if (!g) {
    g = make();
    g.name = name;
    byName.set(name, g);
  }
  return g;
}
