import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbProxy } from '../src/chaos-db-proxy';

/** An echo server stands for the database: what goes through the proxy comes back. */
let echo: net.Server;
let proxy: DbProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const { port } = echo.address() as net.AddressInfo;
  proxy = new DbProxy(0, { host: '127.0.0.1', port });
  await proxy.start();
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** A connection through the proxy, with what it received and how it ended. */
async function connect() {
  const socket = net.connect(proxy.port, '127.0.0.1');
  const conn = { socket, received: '', error: null as NodeJS.ErrnoException | null, closed: false };
  socket.setEncoding('utf8');
  socket.on('data', (s: string) => (conn.received += s));
  socket.on('error', (e) => (conn.error = e));
  socket.on('close', () => (conn.closed = true));
  // A connection the proxy cuts at once may close before it says it connected.
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('close', () => resolve());
  });
  return conn;
}

describe('the chaos run’s database proxy', () => {
  it('passes bytes both ways', async () => {
    const conn = await connect();
    conn.socket.write('ping');
    await expect.poll(() => conn.received).toBe('ping');
    conn.socket.destroy();
  });

  it('holds every byte during a stall and passes them, in order, when it heals', async () => {
    const before = await connect();
    proxy.fail('stall');
    before.socket.write('one');
    const during = await connect();
    during.socket.write('two');
    await expect.poll(() => proxy.stalledChunks).toBe(2);
    expect(before.received + during.received).toBe('');
    proxy.heal();
    await expect.poll(() => [before.received, during.received]).toEqual(['one', 'two']);
    before.socket.write('-more');
    await expect.poll(() => before.received).toBe('one-more');
    before.socket.destroy();
    during.socket.destroy();
  });

  it('resets every open connection once, and takes the next', async () => {
    const conn = await connect();
    expect(proxy.fail('reset')).toBeGreaterThanOrEqual(1);
    await expect.poll(() => conn.closed).toBe(true);
    expect(conn.error?.code).toBe('ECONNRESET');
    const next = await connect();
    next.socket.write('after');
    await expect.poll(() => next.received).toBe('after');
    next.socket.destroy();
  });

  it('cuts every connection and each new one while dropped, until it heals', async () => {
    const open = await connect();
    proxy.fail('drop');
    await expect.poll(() => open.closed).toBe(true);
    const refused = await connect();
    await expect.poll(() => refused.closed).toBe(true);
    expect(refused.received).toBe('');
    proxy.heal();
    const healed = await connect();
    healed.socket.write('back');
    await expect.poll(() => healed.received).toBe('back');
    healed.socket.destroy();
  });
});
