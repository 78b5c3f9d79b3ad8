import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { withClient } from './bench-db';

/**
 * A pg_auto_failover cluster on 127.0.0.1 (Debian's postgresql-15-auto-failover): a monitor
 * and two PostgreSQL 15 nodes, each run by its own `pg_autoctl run`, in a temp folder owned
 * by `postgres`. `stop` kills every process and removes the folder, also after a failure.
 */
export interface FailoverCluster {
  /** The nodes' ports, in creation order (the first starts as primary). */
  readonly ports: readonly number[];
  /** The multi-host DATABASE_URL of the two nodes. */
  readonly url: string;
  /** The single-host URL of one node. */
  readonly urlOf: (port: number) => string;
  /** The port of the node that takes writes now, or null when none does. */
  primaryPort(): Promise<number | null>;
  /** SIGKILLs the postmaster of the node on `port`, then its keeper (so nothing restarts it). */
  killNode(port: number): void;
  /**
   * Runs the keeper of a killed node again (`pg_autoctl run`): it rejoins as the new primary's
   * secondary (pg_rewind when needed). Answers once the monitor sees a primary and its
   * secondary again, or throws after `seconds`.
   */
  restartNode(port: number, seconds?: number): Promise<void>;
  /** The monitor's view (`pg_autoctl show state`). */
  state(): string;
  /** The failover settings in force: the monitor's GUCs, then each keeper's, `name=value`. */
  settings(): Promise<string[]>;
  /** The monitor's events (`pgautofailover.event`) since `since`, oldest first. */
  events(since: Date): Promise<MonitorEvent[]>;
  stop(): Promise<void>;
}

/** One of the monitor's events: when, which node, and what it decided or saw. */
export interface MonitorEvent {
  readonly at: Date;
  readonly node: string;
  readonly reportedState: string;
  readonly goalState: string;
  readonly description: string;
}

const BIN = '/usr/lib/postgresql/15/bin';
const MONITOR_PORT = 6500;
const NODE_PORTS = [6501, 6502] as const;
const DATABASE = 'backoffice';

/**
 * The monitor's failover settings (docs/operations.md, "Failover settings"): a primary whose
 * keeper stops reporting for 5 s and that fails its health check (checked each second, one
 * retry) is failed over, and the monitor waits 10 s, not 30 s, for it to demote itself before
 * promoting the standby.
 */
export const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '5000',
  'pgautofailover.primary_demote_timeout': '10000',
} as const;

/**
 * Each keeper's settings: a primary cut off from the monitor and its standby stops its
 * PostgreSQL after 5 s, well before the monitor's primary_demote_timeout lets the standby take
 * over, so two primaries never take writes at once.
 */
export const KEEPER_SETTINGS = { 'timeout.network_partition_timeout': '5' } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether `pg_autoctl` and the PostgreSQL 15 binaries are installed. */
export function hasPgAutoFailover(): boolean {
  try {
    execFileSync('pg_autoctl', ['--version'], { stdio: 'ignore' });
    execFileSync(`${BIN}/pg_ctl`, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Asks one server whether it takes writes; null when it does not answer. */
async function isWritable(url: string): Promise<boolean | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    return !rows[0]!.r;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The URL of the monitor's own database, as the keepers reach it. */
const MONITOR_URL = `postgres://autoctl_node@127.0.0.1:${MONITOR_PORT}/pg_auto_failover?sslmode=disable`;
/** The same database as the `postgres` superuser, to read and change its settings and events. */
const MONITOR_ADMIN_URL = MONITOR_URL.replace('autoctl_node', 'postgres');
/** The options every `pg_autoctl create` of the cluster takes. */
const CREATE_OPTIONS = [
  '--hostname',
  '127.0.0.1',
  '--auth',
  'trust',
  '--no-ssl',
  '--pgctl',
  `${BIN}/pg_ctl`,
];

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/${DATABASE}`;

/**
 * Where one cluster lives and how its commands run: as `postgres`, inside `root`, every
 * long-running one recorded in `processes` (the monitor's, then each node's, in order).
 */
interface ClusterHost {
  readonly root: string;
  readonly monitorData: string;
  readonly processes: ChildProcess[];
  /** Each node's keeper now running (its `pg_autoctl create … --run`, later `run`). */
  readonly keepers: Map<number, ChildProcess>;
  nodeData(port: number): string;
  /** Starts a long-running command in its own process group and records it. */
  spawn(args: string[]): ChildProcess;
  /** Runs one `pg_autoctl` command to its end and returns what it printed. */
  ctl(args: string[]): string;
}

/** The environment that keeps pg_autoctl's files and PostgreSQL's binaries inside `root`. */
function clusterEnv(root: string): string[] {
  return [
    `PATH=${BIN}:/usr/bin:/bin`,
    `HOME=${root}`,
    `XDG_CONFIG_HOME=${root}/config`,
    `XDG_DATA_HOME=${root}/data`,
    `XDG_RUNTIME_DIR=${root}/run`,
    `PG_CONFIG=${BIN}/pg_config`,
  ];
}

/** `args` as a command line that runs as `postgres` (directly when we already are). */
function asPostgres(root: string, args: string[]): string[] {
  const env = clusterEnv(root);
  return userInfo().username === 'postgres'
    ? ['env', ...env, ...args]
    : ['runuser', '-u', 'postgres', '--', 'env', ...env, ...args];
}

/** Makes the cluster's temp folder, owned by `postgres`, and the commands that run in it. */
function prepareClusterHost(): ClusterHost {
  const root = mkdtempSync(path.join(tmpdir(), 'bo-failover-'));
  const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const postgresGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(root, postgresUid, postgresGid);
  const processes: ChildProcess[] = [];
  return {
    root,
    monitorData: `${root}/monitor`,
    processes,
    keepers: new Map(),
    nodeData: (port) => `${root}/node-${port}`,
    spawn(args) {
      const [command, ...rest] = asPostgres(root, args);
      // Own process group, so `stop` kills the keeper and the postgres it started together.
      const child = spawn(command!, rest, {
        detached: true,
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      child.unref();
      processes.push(child);
      return child;
    },
    ctl(args) {
      const [command, ...rest] = asPostgres(root, ['pg_autoctl', ...args]);
      return execFileSync(command!, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    },
  };
}

/** Kills every process of the cluster and every postmaster left behind, then removes the folder. */
async function stopCluster(host: ClusterHost): Promise<void> {
  for (const child of host.processes)
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  for (const folder of [host.monitorData, ...NODE_PORTS.map(host.nodeData)])
    try {
      const pid = Number(readFileSync(`${folder}/postmaster.pid`, 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // no postmaster there
    }
  await sleep(200);
  rmSync(host.root, { recursive: true, force: true });
}

/** Runs `use` on a connection to the monitor's database as `postgres`, then closes it. */
const withMonitor = <T>(use: (client: pg.Client) => Promise<T>): Promise<T> =>
  withClient(MONITOR_ADMIN_URL, use);

/** Creates and runs the monitor, waits until it takes writes, and applies MONITOR_SETTINGS. */
async function startMonitor(host: ClusterHost): Promise<void> {
  host.spawn([
    'pg_autoctl',
    'create',
    'monitor',
    '--pgdata',
    host.monitorData,
    '--pgport',
    String(MONITOR_PORT),
    ...CREATE_OPTIONS,
    '--run',
  ]);
  await waitFor(async () => (await isWritable(MONITOR_ADMIN_URL)) === true, 60, 'the monitor');
  // The recommended production settings of docs/operations.md (MONITOR_SETTINGS).
  await withMonitor(async (monitor) => {
    for (const [name, value] of Object.entries(MONITOR_SETTINGS))
      await monitor.query(`ALTER SYSTEM SET ${name} = '${value}'`);
    await monitor.query('SELECT pg_reload_conf()');
  });
}

/**
 * Creates and runs the node on `port` (the `index`th, from 0), waits until the monitor sees it
 * in place (the first alone as `single`, the second as the primary's `secondary`), then applies
 * KEEPER_SETTINGS.
 */
async function startNode(host: ClusterHost, index: number, port: number): Promise<void> {
  const name = `node${index + 1}`;
  const keeper = host.spawn([
    'pg_autoctl',
    'create',
    'postgres',
    '--pgdata',
    host.nodeData(port),
    '--pgport',
    String(port),
    '--name',
    name,
    '--dbname',
    DATABASE,
    '--monitor',
    MONITOR_URL,
    ...CREATE_OPTIONS,
    '--run',
  ]);
  host.keepers.set(port, keeper);
  await waitFor(
    async () => {
      const state = monitorState(host);
      return index === 0 ? /\|\s*single\s*\|\s*single\s*$/m.test(state) : isPaired(state);
    },
    120,
    name,
  );
  // `config set` reloads the running keeper (SIGHUP).
  for (const [setting, value] of Object.entries(KEEPER_SETTINGS))
    host.ctl(['config', 'set', '--pgdata', host.nodeData(port), setting, value]);
}

/**
 * Builds and starts the cluster and waits until the first node is primary and the second its
 * streaming secondary, with MONITOR_SETTINGS and KEEPER_SETTINGS.
 */
export async function startFailoverCluster(): Promise<FailoverCluster> {
  const host = prepareClusterHost();
  try {
    await startMonitor(host);
    for (const [i, port] of NODE_PORTS.entries()) await startNode(host, i, port);
  } catch (error) {
    await stopCluster(host);
    throw error;
  }
  return runningCluster(host);
}

/** The handle on a started cluster: its URLs, what the monitor sees, and the failures to cause. */
function runningCluster(host: ClusterHost): FailoverCluster {
  return {
    ports: NODE_PORTS,
    url: `postgres://postgres@127.0.0.1:${NODE_PORTS.join(',127.0.0.1:')}/${DATABASE}?target_session_attrs=read-write`,
    urlOf,
    async primaryPort() {
      for (const port of NODE_PORTS) if ((await isWritable(urlOf(port))) === true) return port;
      return null;
    },
    killNode(port) {
      const pid = Number(
        readFileSync(`${host.nodeData(port)}/postmaster.pid`, 'utf8').split('\n')[0],
      );
      process.kill(pid, 'SIGKILL');
      const keeper = host.keepers.get(port);
      if (keeper?.pid) process.kill(-keeper.pid, 'SIGKILL');
    },
    async restartNode(port, seconds = 120) {
      host.keepers.set(port, host.spawn(['pg_autoctl', 'run', '--pgdata', host.nodeData(port)]));
      await waitFor(async () => isPaired(monitorState(host)), seconds, `node ${port} rejoining`);
    },
    state: () => monitorState(host),
    settings: () =>
      withMonitor(async (client) => {
        const { rows } = await client.query<{ name: string; setting: string }>(
          `SELECT name, setting FROM pg_settings WHERE name = ANY($1) ORDER BY name`,
          [Object.keys(MONITOR_SETTINGS)],
        );
        const keepers = NODE_PORTS.flatMap((port) =>
          Object.keys(KEEPER_SETTINGS).map(
            (name) =>
              `node ${port} ${name}=${host.ctl(['config', 'get', '--pgdata', host.nodeData(port), name]).trim()}`,
          ),
        );
        return [...rows.map((r) => `${r.name}=${r.setting}`), ...keepers];
      }),
    events: (since) =>
      withMonitor(async (client) => {
        const { rows } = await client.query<MonitorEvent>(
          `SELECT eventtime AS at, nodename AS node, reportedstate::text AS "reportedState",
                  goalstate::text AS "goalState", description
             FROM pgautofailover.event WHERE eventtime >= $1 ORDER BY eventid`,
          [since],
        );
        return rows;
      }),
    stop: () => stopCluster(host),
  };
}

/** The monitor's view: `pg_autoctl show state`. */
const monitorState = (host: ClusterHost) =>
  host.ctl(['show', 'state', '--pgdata', host.monitorData]);

/** A primary and its secondary, both where the monitor wants them, as `show state` prints. */
const isPaired = (state: string) =>
  /\|\s*secondary\s*\|\s*secondary\s*$/m.test(state) &&
  /\|\s*primary\s*\|\s*primary\s*$/m.test(state);

/** Polls `ready` every 500 ms for up to `seconds`; throws naming `what` when it never is. */
async function waitFor(ready: () => Promise<boolean>, seconds: number, what: string) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if (await ready()) return;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}
