import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/db/migrate';
import { pgliteSnapshot } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every test file starts from: a PGlite tarball's path, or a database name. */
    templateDatabase: string;
  }
}

/**
 * Vitest global setup of the server's tests: migrates one template database, which each test
 * file then copies (`openTestDatabase`) instead of creating and migrating its own. On PGlite a
 * new database costs an initdb of several seconds; a copy of the tarball about one.
 */
export default async function setup(project: TestProject) {
  // The project's `env` reaches its test workers only: global setup reads it from the config.
  if (project.config.env?.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `bo_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    project.provide('templateDatabase', name);
    return () =>
      withAdminClient(adminUrl, async (c) => {
        // The workers' copies not dropped yet (each worker's spare, and drops still running).
        const { rows } = await c.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
          [testCopyPrefix(name)],
        );
        for (const r of rows) await c.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-test-template-'));
  const file = path.join(dir, 'migrated.tar');
  const tarball = await pgliteSnapshot(async (db) => {
    await migrate(db);
    // PGlite runs one database and never copies one: its two templates are a third of the
    // tarball each file loads (46 → 31 MB, about 0.2 s a test file).
    await db.query(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    );
    await db.query('DROP DATABASE template0');
    await db.query('DROP DATABASE template1');
  });
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('templateDatabase', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

/** How the names of a template's copies start (`bo_test_<template's own part>_`). */
export const testCopyPrefix = (template: string) =>
  `bo_test_${template.replace(/^bo_template_/, '')}_`;

export async function withAdminClient<T>(
  url: string,
  work: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
