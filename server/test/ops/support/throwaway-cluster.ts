import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/** Where the PostgreSQL 15 server binaries are (Debian/Ubuntu's layout, as in CI). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/**
 * Why a throwaway cluster cannot be made here, or null when it can: the binaries are missing,
 * or we are root without a `postgres` user (PostgreSQL refuses to run as root).
 */
export function clusterUnavailableReason(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'pg_basebackup'])
    if (!existsSync(path.join(PG_BIN, tool))) return `${PG_BIN}/${tool} is missing`;
  if (userInfo().uid === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run the cluster as';
    }
  }
  return null;
}

/** A folder of throwaway clusters that PostgreSQL's own user may write to; `remove` deletes it. */
export interface ClusterRoot {
  readonly dir: string;
  /** `dir/<name>`, created (owned by the cluster's user, mode 0700 as initdb wants). */
  folder(name: string): string;
  /** Runs a PostgreSQL binary as the cluster's user; its output, or an error with it. */
  run(tool: string, args: string[]): string;
  /** Copies folder `from` to `dir/<name>` as the cluster's user (who must own the copy). */
  copyFolder(from: string, name: string): string;
  remove(): void;
}

/** Makes the root folder of a test's clusters, handing it to `postgres` when we are root. */
export function makeClusterRoot(): ClusterRoot {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-pitr-'));
  const asRoot = userInfo().uid === 0;
  const owner = asRoot ? postgresIds() : null;
  const own = (target: string) => owner && chownSync(target, owner.uid, owner.gid);
  own(dir);
  return {
    dir,
    folder(name) {
      const target = path.join(dir, name);
      mkdirSync(target, { mode: 0o700 });
      own(target);
      return target;
    },
    run(tool, args) {
      return runAsOwner(asRoot, path.join(PG_BIN, tool), args, dir);
    },
    copyFolder(from, name) {
      const target = path.join(dir, name);
      runAsOwner(asRoot, 'cp', ['-a', from, target], dir);
      return target;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Runs `binary` as `postgres` when we are root (PostgreSQL refuses to run as root). */
function runAsOwner(asRoot: boolean, binary: string, args: string[], cwd: string): string {
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  const tool = path.basename(binary);
  try {
    return execFileSync(file, argv, { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${tool} ${args.join(' ')} failed: ${e.message}\n${e.stdout}${e.stderr}`, {
      cause: error,
    });
  }
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

/** A port nothing listens on right now (the OS picks it; we let it go for the cluster). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One cluster (data folder) of a root, started on its own port; `stop` is safe to repeat. */
export interface Cluster {
  readonly dataDir: string;
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  /** The server's log file (pg_ctl -l). */
  readonly log: string;
  start(): void;
  stop(): void;
}

/**
 * A cluster in `dataDir` listening on 127.0.0.1 only, with `settings` appended to its
 * postgresql.conf (later lines win); fsync off, as a throwaway needs no durability.
 */
export async function configureCluster(
  root: ClusterRoot,
  dataDir: string,
  settings: Record<string, string>,
): Promise<Cluster> {
  const port = await findFreePort();
  const lines = Object.entries({
    port: String(port),
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${root.dir}'`,
    fsync: 'off',
    ...settings,
  }).map(([key, value]) => `${key} = ${value}`);
  appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  let running = false;
  const log = path.join(root.dir, `${path.basename(dataDir)}.log`);
  return {
    dataDir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log,
    start() {
      root.run('pg_ctl', ['-D', dataDir, '-l', log, '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      running = false;
      // Immediate: a throwaway needs no shutdown checkpoint, and a failed test must not hang.
      root.run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
  };
}
