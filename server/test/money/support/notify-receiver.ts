import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a merchant's server received: each notification's body and headers, in order. */
export interface NotifyReceiver {
  /** Its URL (local http: the test server needs `NOTIFY_ALLOW_LOCAL`). */
  readonly url: string;
  readonly received: { body: string; headers: IncomingMessage['headers'] }[];
  /** The next `n` notifications are answered 503 (a failed delivery), the rest 200. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** A merchant's notification receiver on 127.0.0.1, at `path`. */
export async function startNotifyReceiver(path: string): Promise<NotifyReceiver> {
  const received: NotifyReceiver['received'] = [];
  let failuresLeft = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, headers: req.headers });
      res.statusCode = failuresLeft-- > 0 ? 503 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    failNext: (n) => {
      failuresLeft = n;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
