import net from 'node:net';

/** A response as the load client needs it: the status and the body's text. */
export interface RawResponse {
  readonly status: number;
  readonly text: string;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/**
 * One keep-alive HTTP/1.1 connection that sends one request at a time, written as one string
 * and read back by its Content-Length. The load client of `bench:ingest` uses it instead of
 * node:http: the client shares the machine's two cores with the server and PostgreSQL, and
 * node:http's agent, parser and stream machinery cost it more CPU per request than the server's
 * own HTTP layer. A response without Content-Length (chunked) is refused, not guessed at.
 */
export class RawHttpConnection {
  private socket: net.Socket | null = null;
  private buffered: Buffer | null = null;
  private waiting: { resolve: (r: RawResponse) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** POSTs `body` (JSON) with `headers` (already lower-case names); one request at a time. */
  post(path: string, body: string, headers: Record<string, string>): Promise<RawResponse> {
    if (this.waiting) return Promise.reject(new Error('a request is already in flight'));
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    return new Promise<RawResponse>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.open().write(`${head}\r\n${body}`);
    });
  }

  /** Closes the connection. */
  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }

  private open(): net.Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.received(chunk));
    const fail = (error: Error) => {
      if (this.socket === socket) this.socket = null;
      this.buffered = null;
      this.settle(null, error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the connection closed')));
    this.socket = socket;
    return socket;
  }

  private received(chunk: Buffer) {
    const data = this.buffered ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) {
      this.buffered = data;
      return;
    }
    const head = data.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) {
      this.buffered = null;
      this.socket?.destroy();
      this.settle(null, new Error(`a response without Content-Length: ${head.slice(0, 80)}`));
      return;
    }
    const bodyStart = headEnd + HEAD_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (data.length < bodyEnd) {
      this.buffered = data;
      return;
    }
    this.buffered = data.length > bodyEnd ? data.subarray(bodyEnd) : null;
    this.settle({
      status: Number(head.slice(9, 12)),
      text: data.toString('utf8', bodyStart, bodyEnd),
    });
  }

  private settle(response: RawResponse | null, error?: Error) {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = null;
    if (response) waiting.resolve(response);
    else waiting.reject(error ?? new Error('no response'));
  }
}
