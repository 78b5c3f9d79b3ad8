import { openPostgres } from '../../server/src/db/postgres';
import type { Db } from '../../server/src/db/db';
import { DbProxy } from './chaos-db-proxy';
import { installSqlFaults } from './chaos-sql-faults';
import { startFailoverCluster, type FailoverCluster } from './failover-cluster';
import { prepareSoakWorld, type SoakWorld } from './soak-world';

/**
 * The chaos run's database: one scratch database on the machine's PostgreSQL, or (with
 * `cluster`) a pg_auto_failover cluster whose primary can be killed. The run's own parts (the
 * gateway, the reviewers, the checks) reach it directly on `url`; the product instances reach
 * it on `productUrl`, through one TCP proxy per server (`proxies`), which the network faults
 * act on. Multi-host URLs (the cluster's) are read by the server's own `openPostgres`.
 */
export interface ChaosDatabase {
  readonly world: SoakWorld;
  /** Straight to the database (both nodes of a cluster, `target_session_attrs=read-write`). */
  readonly url: string;
  /** The same database through the proxies: what the product instances are given. */
  readonly productUrl: string;
  readonly proxies: readonly DbProxy[];
  readonly cluster: FailoverCluster | null;
  /** A small pool of the run's own on `url` (checks, knobs, waits); follows a failover. */
  readonly db: Db;
  /** Stops the proxies and removes the database (`keep`: leaves it, to look into). */
  close(keep?: boolean): Promise<void>;
}

/** The run's servers of `url` as host:port pairs (a multi-host URL lists several). */
function serversOf(url: string): { host: string; port: number }[] {
  const hosts = /^postgres(?:ql)?:\/\/[^@/]*@?([^/]+)\//.exec(url)?.[1];
  if (!hosts) throw new Error(`cannot read the servers of ${url}`);
  return hosts.split(',').map((hostPort) => {
    const [host, port] = hostPort.split(':');
    return { host: host!, port: Number(port ?? 5432) };
  });
}

/** `url` with its servers replaced by the proxies', in the same order. */
function throughProxies(url: string, proxies: readonly DbProxy[]): string {
  const [scheme, rest] = url.split('://') as [string, string];
  const at = rest.indexOf('@');
  const slash = rest.indexOf('/', at + 1);
  const hosts = proxies.map((p) => `127.0.0.1:${p.port}`).join(',');
  return `${scheme}://${rest.slice(0, at + 1)}${hosts}${rest.slice(slash)}`;
}

/**
 * Makes the run's database with the soak world in it (usersPerRole sessions a role), the SQL
 * fault triggers, and a proxy for each server on `firstProxyPort`, `firstProxyPort + 1`, ….
 */
export async function prepareChaosDatabase(options: {
  readonly cluster: boolean;
  readonly usersPerRole: number;
  readonly firstProxyPort: number;
}): Promise<ChaosDatabase> {
  const cluster = options.cluster ? await startFailoverCluster() : null;
  const proxies: DbProxy[] = [];
  let world: SoakWorld | undefined;
  let db: Db | undefined;
  try {
    world = await prepareSoakWorld(
      options.usersPerRole,
      // The cluster goes with all its data: nothing to drop.
      cluster ? { url: cluster.url, drop: async () => undefined } : undefined,
    );
    db = await openPostgres(world.url, 4);
    await installSqlFaults(db);
    for (const [i, server] of serversOf(world.url).entries()) {
      const proxy = new DbProxy(options.firstProxyPort + i, server);
      await proxy.start();
      proxies.push(proxy);
    }
    const opened = { world, db };
    return {
      world,
      url: world.url,
      productUrl: throughProxies(world.url, proxies),
      proxies,
      cluster,
      db,
      async close(keep = false) {
        for (const proxy of proxies) await proxy.close();
        await opened.db.close();
        if (keep) return;
        await opened.world.drop();
        await cluster?.stop();
      },
    };
  } catch (error) {
    for (const proxy of proxies) await proxy.close();
    await db?.close();
    await world?.drop();
    await cluster?.stop();
    throw error;
  }
}
