import http from 'node:http';
import net, { type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endEventStream, openEventStream } from '../src/modules/events/event-stream.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// What an open event stream keeps for its whole life (decision 019, bench/events.mjs): its socket alone.
describe('openEventStream', () => {
  const app = Fastify({ logger: { level: 'silent' } });
  const opened: { socket: Socket; req: WeakRef<object>; res: WeakRef<object>; closed: Promise<void> }[] = [];
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', "default-src 'self'");
    return payload;
  });
  app.get('/stream', { exposeHeadRoute: false }, async (request, reply) => {
    reply.header('x-frame-options', 'DENY');
    const req = new WeakRef(request.raw);
    const res = new WeakRef(reply.raw);
    const socket = openEventStream(request, reply);
    if (!socket) return;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    opened.push({ socket, req, res, closed });
    socket.write('data: {}\n\n');
  });
  let address: string;
  let port: number;
  beforeAll(async () => {
    address = await app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(address).port);
  });
  afterAll(() => app.close());

  /** Opens a stream with a raw client socket; answers what it received so far and the client socket. */
  const openRaw = async () => {
    const client = net.connect(port, '127.0.0.1');
    let text = '';
    client.setEncoding('utf8');
    client.on('data', (chunk: string) => {
      text += chunk;
    });
    client.write('GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const count = opened.length;
    while (opened.length === count || !text.includes('data: {}')) await new Promise((r) => setTimeout(r, 5));
    return { client, received: () => text, server: opened[opened.length - 1] as (typeof opened)[number] };
  };

  it('answers only its own headers, unchunked, then the stream', async () => {
    const { headers, body, close } = await new Promise<{
      headers: http.IncomingHttpHeaders;
      body: Promise<string>;
      close: () => void;
    }>((resolve, reject) => {
      const req = http.get(`${address}/stream`, (res) => {
        let text = '';
        res.setEncoding('utf8');
        const body = new Promise<string>((done) => {
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('data: {}')) done(text);
          });
        });
        resolve({ headers: res.headers, body, close: () => req.destroy() });
      });
      req.on('error', reject);
    });
    expect(await body).toBe('retry: 3000\n\ndata: {}\n\n');
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['cache-control']).toBe('no-cache, no-transform');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).toBeUndefined();
    close();
    await opened[opened.length - 1]?.closed;
  });

  it("is released from Node's HTTP server: no parser, none of its listeners, and the request and response freed", async () => {
    const { client, server } = await openRaw();
    const socket = server.socket as Socket & { parser?: unknown; _httpMessage?: unknown };
    expect(socket.parser).toBeNull();
    expect(socket._httpMessage).toBeNull();
    const names = ['data', 'end', 'close', 'drain', 'error', 'timeout'].flatMap((event) =>
      socket.listeners(event).map((l) => l.name),
    );
    expect(names.filter((name) => /^(bound )?socketOn/.test(name))).toEqual([]);
    // The stream keeps its socket only: Fastify's request and reply, and Node's request and response, go.
    for (let i = 0; i < 5 && (server.req.deref() || server.res.deref()); i++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    expect(server.req.deref()).toBeUndefined();
    expect(server.res.deref()).toBeUndefined();
    // and it still streams
    socket.write('data: {"after":1}\n\n');
    await new Promise((r) => setTimeout(r, 50));
    client.destroy();
    await server.closed;
  });

  it('closes when the client ends the connection, or sends anything on it', async () => {
    const ending = await openRaw();
    ending.client.end();
    await ending.server.closed;
    expect(ending.server.socket.destroyed).toBe(true);

    const talking = await openRaw();
    talking.client.write('GET /stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await talking.server.closed;
    expect(opened.filter((o) => !o.socket.destroyed)).toEqual([]);
  });

  it('ends by sending what is queued, then a last retry: (where the browser reconnects), then closing', async () => {
    const { client, received, server } = await openRaw();
    const clientClosed = new Promise((resolve) => client.on('close', resolve));
    server.socket.write('data: {"last":1}\n\n');
    endEventStream(server.socket);
    await server.closed;
    await clientClosed;
    expect(received()).toMatch(/data: \{"last":1\}\n\nretry: \d+\n\n$/);
  });
});
