import type { ChildProcess } from 'node:child_process';
import { startServer, stopServer } from './http-ingest';

/**
 * The product instance of the chaos run (one, in this first form of the run): started as in
 * production, killed with SIGKILL in the middle of its requests, and started again on the
 * same port and database.
 */
export class ChaosInstance {
  private server: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = await startServer(this.port, this.env);
  }

  /** SIGKILL (no shutdown, requests cut), then a restart; answers how long it was away (ms). */
  async killAndRestart(): Promise<number> {
    const killed = Date.now();
    const server = this.server;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
    }
    await this.start();
    return Date.now() - killed;
  }

  async stop(): Promise<void> {
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

  /** Kills and restarts the next instance in turn; answers which and how long it was away. */
  async killNext(): Promise<{ port: number; awayMs: number }> {
    const instance = this.instances[this.kills++ % this.instances.length]!;
    return { port: instance.port, awayMs: await instance.killAndRestart() };
  }
}
