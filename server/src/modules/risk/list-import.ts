import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import {
  normalizeRiskValue,
  RISK_IMPORT_MAX_LINES,
  RISK_IMPORT_MAX_PROBLEMS,
  RISK_LIST_TEXT_LIMITS,
  type RiskKeyType,
} from '@bo/contract';
import { badInput } from '../../core/app-error';
import type { UserCallContext } from '../../core/context';
import type { StreamedFile } from '../../http/registry';
import { recordAdminLog } from '../admin-logs/admin-log';
import { riskValueHash } from './list-matchers';
import { bumpRiskScope } from './risk-scope';
import { insertEntries, liveEntriesOf, stampRemoved, type NewEntry } from './risk-lists.queries';
import { expiryOf, listInScope } from './risk-lists.service';

/**
 * A list's CSV import (docs/risk.md, "Lists"): a header naming `value` and optionally
 * `expires_at` and `reason`, then one entry a line. All or nothing: any bad line refuses the
 * whole file, naming each bad line (the first RISK_IMPORT_MAX_PROBLEMS); a value already
 * active in the list, or twice in the file, is reported and added once.
 */

const COLUMNS = ['value', 'expires_at', 'reason'] as const;
/** The longest line read (a value, a date and a reason fit many times over). */
const MAX_LINE_CHARS = 4096;
const INSERT_BATCH = 5000;

/** One good line: its canonical value, expiry and reason. */
interface ImportLine {
  readonly lineNo: number;
  readonly value: string;
  readonly expiresAt: Date | null;
  readonly reason: string;
}

interface Parsed {
  readonly lines: ImportLine[];
  /** The first RISK_IMPORT_MAX_PROBLEMS bad lines, and how many there are. */
  readonly problems: string[];
  readonly wrong: number;
  readonly sha256: string;
}

/** The position of each column in the header, or a 400 naming what is missing. */
function headerOf(cells: readonly string[]): Record<(typeof COLUMNS)[number], number> {
  const names = cells.map((c) => c.trim().toLowerCase());
  const at = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  if (at.value < 0 || at.reason < 0)
    throw badInput(
      `Line 1: the header must name the columns value, expires_at (may be empty) and reason; it has ${names.slice(0, 10).join(', ') || 'nothing'}`,
    );
  return at;
}

/** Why one line cannot be imported, or its entry. */
function readLine(
  keyType: RiskKeyType,
  cells: readonly string[],
  at: ReturnType<typeof headerOf>,
  lineNo: number,
  now: Date,
): ImportLine | string {
  const cell = (i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
  const normal = normalizeRiskValue(keyType, cell(at.value));
  if ('problem' in normal) return `Line ${lineNo}: value ${normal.problem}`;
  const expiry = expiryOf(cell(at.expires_at), now);
  if (typeof expiry === 'string') return `Line ${lineNo}: expires_at ${expiry}`;
  const reason = cell(at.reason);
  if (!reason) return `Line ${lineNo}: reason is required`;
  if (reason.length > RISK_LIST_TEXT_LIMITS.reason)
    return `Line ${lineNo}: reason must be at most ${RISK_LIST_TEXT_LIMITS.reason} characters`;
  return { lineNo, value: normal.value, expiresAt: expiry, reason };
}

/** Reads the whole file (bounded by the call's byte limit), hashing it on the way. */
async function parseImport(keyType: RiskKeyType, file: StreamedFile, now: Date): Promise<Parsed> {
  const hash = createHash('sha256');
  async function* hashed() {
    for await (const bytes of file.bytes) {
      hash.update(bytes);
      yield bytes;
    }
  }
  const parser = Readable.from(hashed()).pipe(
    parse({
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      max_record_size: MAX_LINE_CHARS,
    }),
  );
  const lines: ImportLine[] = [];
  const problems: string[] = [];
  let header: ReturnType<typeof headerOf> | null = null;
  let [count, wrong] = [0, 0];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (!header) {
        header = headerOf(record);
        continue;
      }
      if (++count > RISK_IMPORT_MAX_LINES)
        throw badInput(`The file has more than ${RISK_IMPORT_MAX_LINES} lines; split it`);
      const line = readLine(keyType, record, header, info.lines, now);
      if (typeof line !== 'string') lines.push(line);
      else if (++wrong <= RISK_IMPORT_MAX_PROBLEMS) problems.push(line);
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw badInput(
        `Line ${(error as CsvError & { lines?: number }).lines ?? '?'}: the file is not readable CSV (${error.message})`,
      );
    throw error;
  }
  if (!header) throw badInput('The file is empty: it needs a header line and one entry a line');
  return { lines, problems, wrong, sha256: hash.digest('hex') };
}

/** The lines to add: the first of each value not already active, and the duplicates' lines. */
function splitDuplicates(lines: readonly ImportLine[], active: ReadonlySet<string>) {
  const seen = new Set<string>();
  const fresh: ImportLine[] = [];
  const duplicateLines: number[] = [];
  for (const line of lines) {
    if (active.has(line.value) || seen.has(line.value)) duplicateLines.push(line.lineNo);
    else {
      seen.add(line.value);
      fresh.push(line);
    }
  }
  return { fresh, duplicateLines };
}

/** Imports a CSV file into a list in the caller's scope (`importRiskListEntries`). */
export async function importRiskEntries(ctx: UserCallContext, listId: string, file: StreamedFile) {
  const list = await listInScope(ctx.db, ctx.actor, listId);
  const now = new Date();
  const parsed = await parseImport(list.key_type, file, now);
  await file.end();
  if (parsed.wrong) {
    const shown =
      parsed.wrong > parsed.problems.length ? ` The first ${parsed.problems.length}:` : '';
    throw badInput(
      `Nothing was imported: ${parsed.wrong} ${parsed.wrong === 1 ? 'line is' : 'lines are'} wrong.${shown} ${parsed.problems.join('; ')}`,
    );
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await listInScope(tx, ctx.actor, listId, true);
    const values = [...new Set(parsed.lines.map((l) => l.value))];
    const live = [];
    for (let i = 0; i < values.length; i += INSERT_BATCH)
      live.push(...(await liveEntriesOf(tx, locked.id, values.slice(i, i + INSERT_BATCH), now)));
    const active = new Set(live.filter((e) => !e.expired).map((e) => e.value));
    const { fresh, duplicateLines } = splitDuplicates(parsed.lines, active);
    const by = ctx.actor.accountId;
    await stampRemoved(
      tx,
      live.filter((e) => e.expired).map((e) => e.id),
      by,
      now,
      'Added again after it expired',
    );
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      const batch: NewEntry[] = fresh.slice(i, i + INSERT_BATCH).map((l) => ({
        id: randomUUID(),
        value: l.value,
        valueHash: riskValueHash(locked.key_type, l.value),
        expiresAt: l.expiresAt,
        reason: l.reason,
      }));
      await insertEntries(tx, locked.id, batch, by, now);
    }
    await bumpRiskScope(tx, locked, now);
    const answer = {
      added: fresh.length,
      duplicates: duplicateLines.length,
      duplicate_lines: duplicateLines.slice(0, RISK_IMPORT_MAX_PROBLEMS),
      sha256: parsed.sha256,
    };
    await recordAdminLog(tx, ctx, {
      action: 'risk_list.import',
      actor: ctx.actor,
      targetType: 'risk_list',
      targetId: locked.id,
      at: now,
      after: {
        file_name: file.fileName,
        sha256: parsed.sha256,
        lines: parsed.lines.length,
        added: answer.added,
        duplicates: answer.duplicates,
      },
    });
    return answer;
  });
}
