import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP relay to PostgreSQL that can be stopped and started again on its port. */
export class Relay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** Connections relayed so far. */
  connections = 0;

  async start(): Promise<void> {
    const server = createServer((client) => {
      this.connections++;
      const upstream = connect(5432, '127.0.0.1');
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => (b.destroy(), this.sockets.delete(a)));
      }
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every relayed connection: the server is gone. */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    // Stopping a stopped relay is done at once (a test may stop it before its teardown does).
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
