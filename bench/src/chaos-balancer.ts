import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin TCP balancer on loopback before the product's instances, as a load
 * balancer in front of several servers: each new client connection goes to the next backend,
 * and a backend that refuses the connection (killed, restarting) is skipped for the next one.
 * A connection already open to a backend that dies is cut, as a real balancer's would be: the
 * client sees a reset and retries, and its new connection lands on a live instance.
 */
export async function startBalancer(backendPorts: readonly number[]) {
  let next = 0;
  const open = new Set<net.Socket>();

  const connectToSomeBackend = (client: net.Socket, tried = 0) => {
    if (tried >= backendPorts.length) {
      client.destroy();
      return;
    }
    const port = backendPorts[next++ % backendPorts.length]!;
    const upstream = net.connect({ host: '127.0.0.1', port });
    upstream.once('connect', () => {
      client.pipe(upstream).pipe(client);
      open.add(upstream);
      upstream.once('close', () => {
        open.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      client.resume();
    });
    // A refused connect is tried on the next backend; an error on an open one ends in 'close'.
    upstream.once('error', () => {
      if (!open.has(upstream)) connectToSomeBackend(client, tried + 1);
    });
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    client.on('error', () => client.destroy());
    open.add(client);
    client.once('close', () => open.delete(client));
    connectToSomeBackend(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
export type ChaosBalancer = Awaited<ReturnType<typeof startBalancer>>;
