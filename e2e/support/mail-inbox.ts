import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SmtpInbox, type ReceivedMail } from '../../server/test/support/smtp-inbox';

/** The domain the suite's SMTP server has no mailbox for: a mail there fails (550). */
export const REFUSED_DOMAIN = 'refused.test';

/** A received mail as a test reads it over HTTP. */
export interface InboxMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const asInboxMail = (m: ReceivedMail): InboxMail => ({
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  headers: Object.fromEntries(m.headers),
});

/**
 * The suite's SMTP server (the server sends its mail there, `SMTP_URL`) and a small HTTP
 * reader of what arrived, for the test files (other processes): `GET /mail?to=<address>`
 * answers the first mail to that address, already there or as soon as it arrives.
 */
export async function startMailInbox(): Promise<{
  smtpUrl: string;
  readerUrl: string;
  stop: () => Promise<void>;
}> {
  const inbox = await new SmtpInbox((address) =>
    address.toLowerCase().endsWith(`@${REFUSED_DOMAIN}`),
  ).start();
  const reader: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inbox');
    const to = url.searchParams.get('to')?.toLowerCase();
    if (url.pathname !== '/mail' || !to) {
      response.writeHead(404).end();
      return;
    }
    void inbox
      .waitFor((m) => m.to.some((address) => address.toLowerCase() === to))
      .then((mail) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(asInboxMail(mail)));
      });
  });
  await new Promise<void>((resolve) => reader.listen(0, '127.0.0.1', resolve));
  const { port } = reader.address() as AddressInfo;
  return {
    smtpUrl: inbox.url,
    readerUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      reader.closeAllConnections();
      await new Promise((resolve) => reader.close(resolve));
      await inbox.stop();
    },
  };
}
