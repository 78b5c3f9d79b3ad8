import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the merchants' endpoint answers: at once with 200, with 500, or after the notifier gave up. */
export type SinkMode = 'ok' | '500' | 'timeout';

/** One notification POST as the endpoint got it, and how it answered. */
export interface SinkDelivery {
  /** `type:id:status` of the payload. */
  readonly event: string;
  /** The payload's `event_id`, as sent. */
  readonly eventId: string;
  readonly at: number;
  readonly answered: number;
}

/** Longer than the notifier waits (5 s, docs/merchant-api.md): a timeout on its side. */
const TIMEOUT_ANSWER_MS = 6_000;

/**
 * The merchants' notification endpoint of the chaos run: records every POST and answers by the
 * mode a fault set (`notify_500`, `notify_timeout`); the checks read what it answered 2xx.
 */
export async function startChaosNotifySink() {
  let mode: SinkMode = 'ok';
  const deliveries: SinkDelivery[] = [];
  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      let event = 'unreadable';
      let eventId = '';
      try {
        const p = JSON.parse(text) as Record<string, unknown>;
        event = `${String(p.type)}:${String(p.id)}:${String(p.status)}`;
        eventId = String(p.event_id);
      } catch {
        // kept as unreadable: the checks count it
      }
      const answered = mode === 'ok' ? 200 : 500;
      deliveries.push({
        event,
        eventId,
        at: Date.now(),
        answered: mode === 'timeout' ? 0 : answered,
      });
      const answer = () => {
        if (!response.writableEnded)
          response.writeHead(answered).end(answered === 200 ? 'OK' : 'no');
      };
      if (mode === 'timeout') setTimeout(answer, TIMEOUT_ANSWER_MS).unref();
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/chaos-notify`,
    deliveries,
    setMode: (next: SinkMode) => (mode = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ChaosNotifySink = Awaited<ReturnType<typeof startChaosNotifySink>>;
