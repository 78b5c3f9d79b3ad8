import { createServer, type AddressInfo } from 'node:net';

/**
 * A port nothing listens on (the system's choice, taken, then let go), for a server a test
 * starts in its own process. A random port instead can be one the system has just given to an
 * outgoing connection (its ephemeral range, 32768–60999 here): the server then fails to start
 * with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
