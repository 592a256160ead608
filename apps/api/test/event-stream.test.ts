import type { ServerResponse } from 'node:http';
import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../src/modules/events/event-stream.ts';

// What an open event stream keeps for its whole life (decision 019, bench/events.mjs).
describe('openEventStream', () => {
  const app = Fastify({ logger: { level: 'silent' } });
  let held: ServerResponse | undefined;
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', "default-src 'self'");
    return payload;
  });
  app.get('/stream', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    held = openEventStream(reply);
    held.write('data: {}\n\n');
  });
  afterAll(() => app.close());

  it("holds neither Fastify's reply (through its response listeners) nor the page headers, and is not chunked", async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
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
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).toBeUndefined();

    const res = held as ServerResponse;
    // Fastify's one listener on both 'finish' and 'error' closes over the reply, the request and its logger.
    const both = res.listeners('error').filter((l) => res.listeners('finish').includes(l));
    expect(both).toEqual([]);
    expect(res.listenerCount('error')).toBe(1);
    close();
    await new Promise<void>((resolve) => res.on('close', () => resolve()));
  });
});
