import { spawn } from 'node:child_process';

/**
 * Runs the real `ledger:check` command (server/src/cli/ledger-check.ts) on the database at
 * `url`, as an operator would after the soak; answers whether it passed and what it printed.
 */
export async function runLedgerCheck(url: string): Promise<{ passed: boolean; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
    cwd: new URL('../../server', import.meta.url).pathname,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { passed: code === 0, output: output.trim() };
}
