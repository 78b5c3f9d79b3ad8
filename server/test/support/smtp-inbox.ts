import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived at the test SMTP server: the envelope, headers and both decoded parts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

type Waiter = { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void };

/**
 * A real SMTP server in this process (the `smtp-server` package), on a port of its own, that
 * keeps every mail it accepts. `waitFor` resolves when a matching mail arrives (no polling).
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  /**
   * `refuses`: recipients the server answers "550 mailbox unavailable" for, as a real server
   * refuses an address it has no mailbox for (a mail to no one else fails).
   */
  constructor(private readonly refuses: (address: string) => boolean = () => false) {}

  private readonly waiters = new Set<Waiter>();
  private server: SMTPServer | null = null;
  port = 0;

  /** Starts listening (on `port`, or a free one). */
  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refuses(address.address)) return callback();
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
      onData: (stream, session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = parseMail(raw, session.envelope);
          this.mails.push(mail);
          for (const w of [...this.waiters]) {
            if (w.match(mail)) {
              this.waiters.delete(w);
              w.resolve(mail);
            }
          }
          done();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail (already here or still to come) that matches. */
  waitFor(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail> {
    const found = this.mails.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.add({ match, resolve }));
  }

  async stop() {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}

/** Unfolds headers and splits a MIME entity into its header map and body. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 4) };
}

/** Decodes an RFC 2047 encoded-word header (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, how: string, text: string) =>
      how.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The leaf parts of a (multipart) entity, each with its content type and decoded body. */
function partsOf(raw: string): { type: string; body: string }[] {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ type: type.split(';')[0]!.toLowerCase(), body: decodeBody(headers, body) }];
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => partsOf(part.replace(/^\r\n/, '')));
}

function parseMail(
  raw: string,
  envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
): ReceivedMail {
  const { headers } = splitEntity(raw);
  const parts = partsOf(raw);
  return {
    from: envelope.mailFrom ? envelope.mailFrom.address : '',
    to: envelope.rcptTo.map((r) => r.address),
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type === 'text/plain')?.body ?? '',
    html: parts.find((p) => p.type === 'text/html')?.body ?? '',
    raw,
  };
}
