import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The merchants' side of merchant notifications: an HTTP endpoint on loopback that answers
 * every POST with 200 at once and counts them, so the server's notifier does its whole job
 * (claim, sign, POST, record the attempt) and never retries because of us.
 */
export async function startNotifySink(): Promise<{
  url: string;
  received: () => number;
  close: () => Promise<void>;
}> {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.method === 'POST') received++;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/merchant-notify`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
