import net from 'node:net';

/**
 * A TCP proxy between the product instances and one PostgreSQL server (issue 45's "network
 * between the product and the database"): it passes bytes both ways until told to fail.
 * - `drop`: every open connection is cut and new ones are cut as they come, until `heal`;
 * - `stall`: nothing passes either way (open connections hang, new ones wait), until `heal`;
 * - `reset`: every open connection is cut with a TCP reset, once; new ones go through.
 */
export type DbProxyFault = 'drop' | 'stall' | 'reset';

interface Link {
  readonly client: net.Socket;
  upstream: net.Socket | null;
  /** What arrived during a stall, each side's, passed on when it heals. */
  readonly toUpstream: Buffer[];
  readonly toClient: Buffer[];
}

export class DbProxy {
  private readonly links = new Set<Link>();
  private mode: 'pass' | 'drop' | 'stall' = 'pass';
  /** Connections that came in during a stall, connected upstream when it heals. */
  private held: Link[] = [];
  private server: net.Server | null = null;

  /** `listenPort` 0: any free port (`port` says which, once started). */
  constructor(
    private readonly listenPort: number,
    readonly target: { readonly host: string; readonly port: number },
  ) {}

  get port(): number {
    return (this.server?.address() as net.AddressInfo | null)?.port ?? this.listenPort;
  }

  async start(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.listenPort, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** The chunks held back by a stall, either way. */
  get stalledChunks(): number {
    let chunks = 0;
    for (const link of this.links) chunks += link.toUpstream.length + link.toClient.length;
    return chunks;
  }

  /** Starts a fault; answers how many open connections it hit. */
  fail(fault: DbProxyFault): number {
    const hit = this.links.size;
    if (fault === 'stall') {
      this.mode = 'stall';
      return hit;
    }
    for (const link of [...this.links]) this.cut(link);
    if (fault === 'drop') this.mode = 'drop';
    return hit;
  }

  /** Ends a drop or a stall: bytes pass again, held connections go through. */
  heal(): void {
    this.mode = 'pass';
    for (const link of this.links) {
      if (link.upstream) for (const chunk of link.toUpstream.splice(0)) link.upstream.write(chunk);
      for (const chunk of link.toClient.splice(0)) link.client.write(chunk);
    }
    const held = this.held;
    this.held = [];
    for (const link of held) if (!link.client.destroyed) this.connect(link);
  }

  async close(): Promise<void> {
    this.mode = 'drop';
    for (const link of [...this.links, ...this.held]) this.cut(link);
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private accept(client: net.Socket) {
    client.on('error', () => undefined);
    const link: Link = { client, upstream: null, toUpstream: [], toClient: [] };
    if (this.mode === 'drop') return void client.resetAndDestroy();
    this.links.add(link);
    client.once('close', () => this.cut(link));
    client.on('data', (chunk: Buffer) => {
      if (this.mode === 'stall' || !link.upstream) link.toUpstream.push(chunk);
      else link.upstream.write(chunk);
    });
    if (this.mode === 'stall') this.held.push(link);
    else this.connect(link);
  }

  private connect(link: Link) {
    const upstream = net.connect(this.target.port, this.target.host);
    link.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.once('close', () => this.cut(link));
    upstream.setNoDelay(true);
    link.client.setNoDelay(true);
    upstream.on('data', (chunk: Buffer) => {
      if (this.mode === 'stall') link.toClient.push(chunk);
      else link.client.write(chunk);
    });
    for (const chunk of link.toUpstream.splice(0)) upstream.write(chunk);
  }

  /** Cuts both ends with a reset (the other side sees ECONNRESET, as on a real network fault). */
  private cut(link: Link) {
    if (!this.links.delete(link)) return;
    if (!link.client.destroyed) link.client.resetAndDestroy();
    if (link.upstream && !link.upstream.destroyed) link.upstream.resetAndDestroy();
  }
}
