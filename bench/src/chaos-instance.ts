import type { ChildProcess } from 'node:child_process';
import { startServer, stopServer } from './http-ingest';

/** An instance that ended without the run killing or stopping it: a crash the run found. */
export interface UnplannedExit {
  readonly port: number;
  readonly at: Date;
  readonly how: string;
}

/**
 * One product instance of the chaos run: started as in production, killed with SIGKILL in the
 * middle of its requests, and started again on the same port and database. An exit the run
 * did not cause is recorded in `unplannedExits` and the instance started again, so the run
 * goes on and its checks fail.
 */
export class ChaosInstance {
  private server: ChildProcess | null = null;
  /** Set while the run itself kills or stops the instance. */
  private ending = false;
  readonly unplannedExits: UnplannedExit[] = [];

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = await startServer(this.port, this.env);
    this.server = server;
    this.ending = false;
    server.once('exit', (code, signal) => {
      if (this.ending || this.server !== server) return;
      this.unplannedExits.push({ port: this.port, at: new Date(), how: signal ?? `exit ${code}` });
      void this.start().catch(() => undefined);
    });
  }

  /** SIGKILL (no shutdown, requests cut), then a restart; answers how long it was away (ms). */
  async killAndRestart(): Promise<number> {
    const killed = Date.now();
    const server = this.server;
    this.ending = true;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
    }
    await this.start();
    return Date.now() - killed;
  }

  async stop(): Promise<void> {
    this.ending = true;
    if (this.server) await stopServer(this.server);
  }
}

/**
 * The run's instances, one after another killed: with several behind the balancer, the others
 * take the load while one restarts.
 */
export class ChaosFleet {
  private kills = 0;

  constructor(readonly instances: readonly ChaosInstance[]) {}

  start = () => Promise.all(this.instances.map((i) => i.start()));

  stop = () => Promise.all(this.instances.map((i) => i.stop()));

  /** Every exit of an instance the run did not cause. */
  get unplannedExits(): UnplannedExit[] {
    return this.instances.flatMap((i) => i.unplannedExits);
  }

  /** Kills and restarts the next instance in turn; answers which and how long it was away. */
  async killNext(): Promise<{ port: number; awayMs: number }> {
    const instance = this.instances[this.kills++ % this.instances.length]!;
    return { port: instance.port, awayMs: await instance.killAndRestart() };
  }
}
