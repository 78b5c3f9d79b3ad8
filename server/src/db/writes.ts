import type { Queryable } from './db';

/**
 * Writes that need no answer: plain INSERT, UPDATE or DELETE statements (no WITH of their
 * own) sharing one parameter list ($1…).
 */
export interface Writes {
  readonly statements: readonly string[];
  readonly params: readonly unknown[];
}

const PLACEHOLDER = /\$(\d+)/g;

/** The writes of every part under one parameter list (each part's placeholders shifted); null when none. */
export function joinWrites(...parts: readonly (Writes | null | undefined)[]): Writes | null {
  const statements: string[] = [];
  const params: unknown[] = [];
  for (const part of parts) {
    if (!part?.statements.length) continue;
    const shift = params.length;
    for (const sql of part.statements)
      statements.push(
        shift ? sql.replace(PLACEHOLDER, (_m, n: string) => `$${Number(n) + shift}`) : sql,
      );
    params.push(...part.params);
  }
  return statements.length ? { statements, params } : null;
}

/**
 * Runs independent writes as one statement, each a data-modifying CTE: one round trip to
 * the database instead of one per write, and atomic even outside a transaction. They must
 * not touch the same rows, and none sees another's effect (PostgreSQL runs them on one
 * snapshot), so only writes decided beforehand belong here.
 */
export async function runWrites(
  tx: Queryable,
  parts: readonly (Writes | null | undefined)[],
): Promise<void> {
  const all = joinWrites(...parts);
  if (!all) return;
  if (all.statements.length === 1) {
    await tx.query(all.statements[0]!, all.params);
    return;
  }
  const ctes = all.statements.map((sql, i) => `w${i} AS (${sql})`).join(',\n');
  await tx.query(`WITH ${ctes}\nSELECT 1`, all.params);
}
