import { PREPARED, type Queryable } from './db';

/**
 * Writes that need no answer: plain INSERT, UPDATE or DELETE statements (no WITH and no
 * RETURNING of their own) sharing one parameter list ($1…).
 */
export interface Writes {
  readonly statements: readonly string[];
  readonly params: readonly unknown[];
  /**
   * Rows each statement must touch (undefined: any number). Touching another number (a
   * condition in its WHERE found the row changed) throws `UnexpectedRows` once the statement
   * ran, so writes that expect rows belong in a transaction, which then rolls back.
   */
  readonly expectedRows?: readonly (number | undefined)[];
}

/** A write touched other rows than it expected: the state it was decided on has changed. */
export class UnexpectedRows extends Error {
  constructor(statement: string, expected: number, actual: number) {
    super(`expected ${expected} rows, touched ${actual}: ${statement.slice(0, 60)}`);
  }
}

const PLACEHOLDER = /\$(\d+)/g;

/** The writes of every part under one parameter list (each part's placeholders shifted); null when none. */
export function joinWrites(...parts: readonly (Writes | null | undefined)[]): Writes | null {
  const statements: string[] = [];
  const params: unknown[] = [];
  const expectedRows: (number | undefined)[] = [];
  for (const part of parts) {
    if (!part?.statements.length) continue;
    const shift = params.length;
    part.statements.forEach((sql, i) => {
      statements.push(
        shift ? sql.replace(PLACEHOLDER, (_m, n: string) => `$${Number(n) + shift}`) : sql,
      );
      expectedRows.push(part.expectedRows?.[i]);
    });
    params.push(...part.params);
  }
  return statements.length ? { statements, params, expectedRows } : null;
}

/**
 * Runs independent writes as one statement, each a data-modifying CTE: one round trip to
 * the database instead of one per write, and atomic even outside a transaction (but for the
 * `expectedRows` check, which needs one). They must
 * not touch the same rows, and none sees another's effect (PostgreSQL runs them on one
 * snapshot), so only writes decided beforehand belong here. Checks `expectedRows`.
 */
export async function runWrites(
  tx: Queryable,
  parts: readonly (Writes | null | undefined)[],
): Promise<void> {
  const all = joinWrites(...parts);
  if (!all) return;
  const expected = all.expectedRows ?? [];
  if (all.statements.length === 1) {
    const { rowCount } = await tx.query(PREPARED + all.statements[0]!, all.params);
    check(all.statements, expected, [rowCount]);
    return;
  }
  const checked = all.statements.map((_s, i) => i).filter((i) => expected[i] !== undefined);
  const ctes = all.statements
    .map((sql, i) => `w${i} AS (${sql}${expected[i] !== undefined ? ' RETURNING 1' : ''})`)
    .join(',\n');
  const counts = checked.map((i) => `(SELECT count(*) FROM w${i}) AS n${i}`).join(', ');
  const { rows } = await tx.query<Record<string, bigint>>(
    `${PREPARED}WITH ${ctes}\nSELECT ${counts || '1'}`,
    all.params,
  );
  check(
    all.statements,
    expected,
    all.statements.map((_s, i) => Number(rows[0]?.[`n${i}`] ?? 0n)),
  );
}

function check(
  statements: readonly string[],
  expected: readonly (number | undefined)[],
  actual: number[],
) {
  statements.forEach((sql, i) => {
    const want = expected[i];
    if (want !== undefined && actual[i] !== want) throw new UnexpectedRows(sql, want, actual[i]!);
  });
}
