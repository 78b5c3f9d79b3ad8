import type { HistoryKeyType } from '@bo/contract';
import type { Db, Queryable } from '../../db/db';
import { velocityShareOf } from './conditions/velocity';
import { ruleAnswerOf } from './risk-evaluate';
import {
  backtestValueHash,
  factPages,
  hashOfToken,
  isHashToken,
  type BacktestFact,
} from './risk-backtest-fact-text';
import { countWatched, readFactText } from './risk-backtest-facts';
import {
  finishBacktest,
  insertBacktestHits,
  recordChunkDone,
  recordWatched,
  summariseBacktest,
  type BacktestHit,
} from './risk-backtest.queries';
import { bulkVelocityOf, type BulkVelocity } from './risk-backtest-velocity';
import { loadRuleLookups } from './risk-context';
import { historyQuestionsOf, NO_HISTORY, readRiskHistory, readsHistory } from './risk-history';
import type {
  EvaluatedRule,
  OutcomeCounts,
  RiskHistory,
  RiskLookups,
  VelocityQuery,
} from './risk-types';

/*
 * A backtest (issue 42; docs/risk.md, "Backtests"): one rule over the window's requests, a
 * chunk at a time (six hours, or longer on a quiet platform), each request decided by the code
 * intake runs (`evaluateRules`) over the history intake would have read. It writes only its own
 * rows: what matched, and its progress.
 */

/** Requests decided at once: one history read per page. */
const PAGE_SIZE = 1000;
/** The longest chunk: a quarter of a day, read whole (about 28,000 requests at 10 M in 90 days). */
const CHUNK_MS = 6 * 3_600_000;
/** About the requests a chunk holds, when the window has fewer than the longest chunks would. */
const WATCHED_PER_CHUNK = 28_000;

/**
 * The chunks of a window, oldest first, of one length, the last one cut at its end: six hours
 * each, or fewer and longer ones when the rule watches fewer requests than that many chunks
 * would hold (`watched`), so a quiet platform's backtest is a few reads, not 360.
 */
export function windowChunks(from: Date, to: Date, watched = Infinity): [Date, Date][] {
  const span = to.getTime() - from.getTime();
  const most = Math.ceil(span / CHUNK_MS);
  const count = Math.min(most, Math.max(1, Math.ceil(watched / WATCHED_PER_CHUNK)));
  const step = Math.ceil(span / count);
  const chunks: [Date, Date][] = [];
  for (let start = from.getTime(); start < to.getTime(); start += step)
    chunks.push([new Date(start), new Date(Math.min(start + step, to.getTime()))]);
  return chunks;
}

/**
 * The history one request reads: its velocity from its chunk's bulk answers, or the page's read
 * for a window too long for them. Facts hold every request already, this one included, where
 * intake's history holds only earlier ones; its own share is taken out of its velocities (a
 * condition adds it back), and first-seen and outcomes already read only before it. A class,
 * not closures: one is made for each of millions of requests.
 */
class HistoryBefore implements RiskHistory {
  private readonly page: RiskHistory;
  private readonly bulk: BulkVelocity;
  private readonly fact: BacktestFact;

  constructor(page: RiskHistory, bulk: BulkVelocity, fact: BacktestFact) {
    this.page = page;
    this.bulk = bulk;
    this.fact = fact;
  }

  velocity(q: VelocityQuery): bigint {
    const item = this.fact.facts;
    const all = this.bulk.answerOf(this.fact.velocity, q, item) ?? this.page.velocity(q);
    return all - velocityShareOf(q, item);
  }

  firstSeen(key: HistoryKeyType, value: string, at: Date): Date | null {
    return this.page.firstSeen(key, value, at);
  }

  outcomes(customerId: string, merchantId: string, days: number, at: Date): OutcomeCounts {
    return this.page.outcomes(customerId, merchantId, days, at);
  }
}

/** Lookups whose lists match a backtest's hash tokens by hash. */
function byHashLookups(
  lookups: RiskLookups,
  matcherOf: Awaited<ReturnType<typeof loadRuleLookups>>['matcherOf'],
): RiskLookups {
  return {
    ...lookups,
    lists: {
      matches: (listId, keyType, value) => {
        const matcher = matcherOf(listId, keyType);
        return isHashToken(value)
          ? matcher.matchesHash(hashOfToken(value))
          : matcher.matches(value);
      },
    },
  };
}

/**
 * The history a page reads beyond its chunk's bulk velocity: first-seen, outcome shares and
 * windows too long for bulk, asked by intake's planned questions, read in one go.
 */
async function readPageHistory(
  db: Queryable,
  rule: EvaluatedRule,
  page: readonly BacktestFact[],
  lookups: RiskLookups,
  bulk: BulkVelocity,
): Promise<RiskHistory> {
  if (!readsHistory(rule, bulk.answersLeaf)) return NO_HISTORY;
  const asked = historyQuestionsOf(
    page.map((p) => ({ rule, facts: p.facts })),
    lookups,
  );
  const velocity = asked.velocity.filter((q) => !bulk.answersQuestion(q));
  return readRiskHistory(db, { ...asked, velocity }, backtestValueHash);
}

/** What the rule does with one page of requests: the ones it matches, or errs on. */
async function decidePage(
  db: Queryable,
  rule: EvaluatedRule,
  page: readonly BacktestFact[],
  lookups: RiskLookups,
  bulk: BulkVelocity,
): Promise<BacktestHit[]> {
  const history = await readPageHistory(db, rule, page, lookups, bulk);
  const hits: BacktestHit[] = [];
  for (const fact of page) {
    const { refId, facts } = fact;
    const answer = ruleAnswerOf(rule, facts, new HistoryBefore(history, bulk, fact), lookups);
    if (answer) hits.push({ refId, facts, action: answer.action, error: answer.error });
  }
  return hits;
}

/** Yields to the event loop: on PGlite a backtest shares the server's one thread. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs backtest `id` of `rule` over its window to the end, recording each chunk as done; a
 * failure is recorded on its row. Never throws.
 */
export async function runBacktest(
  db: Db,
  id: string,
  rule: EvaluatedRule,
  window: { from: Date; to: Date },
): Promise<void> {
  try {
    // The rule runs as shadow: its matches are noted, whatever its mode says today.
    const shadow: EvaluatedRule = { ...rule, mode: 'shadow' };
    const loaded = await loadRuleLookups(db, [shadow], window.to);
    const lookups = byHashLookups(loaded.lookups, loaded.matcherOf);
    const watched = await countWatched(db, { rule: shadow, ...window });
    const chunks = windowChunks(window.from, window.to, watched);
    await recordWatched(db, id, watched, chunks.length);
    const bulk = bulkVelocityOf(shadow);
    const read = ([from, to]: [Date, Date]) => {
      // Background work takes no parallel workers: on two cores they fought the evaluation
      // for the CPU, and each read took longer with them than without.
      const reading = db.transaction(async (tx) => {
        await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
        return readFactText(tx, { rule: shadow, from, to }, bulk.shapes);
      });
      // Awaited in its turn; until then a failure must not go unhandled.
      reading.catch(() => undefined);
      return reading;
    };
    // The next chunk is read while this one is decided: the database and the evaluation
    // each take a core of their own.
    let next = chunks.length ? read(chunks[0]!) : null;
    for (let c = 0; c < chunks.length; c++) {
      const chunk = await next!;
      next = c + 1 < chunks.length ? read(chunks[c + 1]!) : null;
      let matched = 0;
      for (const page of factPages(chunk, PAGE_SIZE)) {
        await loaded.ensureZones(
          db,
          page.map((p) => p.facts.merchantId),
        );
        const hits = await decidePage(db, shadow, page, lookups, bulk);
        await insertBacktestHits(db, id, hits);
        matched += hits.length;
        await breathe();
      }
      await recordChunkDone(db, id, matched);
    }
    await finishBacktest(db, id, await summariseBacktest(db, id));
  } catch (error) {
    await finishBacktest(
      db,
      id,
      null,
      error instanceof Error ? error.message : String(error),
    ).catch(() => undefined);
  }
}
