import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The ledger chain's job (issue 44) beside a benchmark's server, as the money jobs run it: a
 * process of its own that chains what was committed, once a second, on the same machine, so
 * a pay-in rate measured with it pays for the chain. The bench's server runs without the money
 * jobs (their sweeps would measure something else); a checkout without the chain runs none.
 */
export function startChainRunner(
  checkout: string,
  databaseUrl: string,
): (() => Promise<void>) | null {
  const chainer = path.join(checkout, 'server/src/ledger/chain/chainer.ts');
  if (!existsSync(chainer)) return null;
  const script = `
const { chainEntries } = await import(${JSON.stringify(chainer)});
const { openPostgres } = await import(${JSON.stringify(path.join(checkout, 'server/src/db/postgres.ts'))});
const db = await openPostgres(${JSON.stringify(databaseUrl)}, 2);
let stopping = false;
process.on('SIGTERM', () => { stopping = true; });
let chained = 0;
while (!stopping) {
  const started = Date.now();
  chained += await chainEntries(db);
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - started))));
}
const { rows } = await db.query("SELECT count(*)::int AS n FROM entries e WHERE NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.entry_id = e.id)");
console.log('    ledger chain: ' + chained + ' entries chained during the run, ' + rows[0].n + ' left to chain when the load stopped');
await db.close();`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: path.join(checkout, 'server'), stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}
