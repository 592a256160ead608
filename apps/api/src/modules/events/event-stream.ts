import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

const eventId = z.string().regex(/^\d{1,15}$/);
const parseId = (v: unknown) => (eventId.safeParse(v).success ? Number(v) : undefined);

/** Where a reconnecting stream resumes: the Last-Event-ID header, or `last_event_id` for a tab taking over. */
export const lastEventIdOf = (request: FastifyRequest<{ Querystring: { last_event_id?: string } }>) =>
  parseId(request.headers['last-event-id']) ?? parseId(request.query.last_event_id);

// Not chunked: the stream is the rest of the connection (HTTP/1.1 ends such a body when the connection closes,
// which is when an event stream ends anyway), so an event is one write to the socket, not four pieces of
// chunk framing (bench/events.mjs).
const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-content-type-options': 'nosniff',
  'x-accel-buffering': 'no',
};

const ignore = () => {};

/**
 * Takes an event stream out of Fastify's hands (decision 019). A stream lives for hours, so it keeps only its
 * socket and response: the page headers every answer gets (CSP, frame and referrer policies…) are dropped, and
 * so are Fastify's response listeners, which would hold the request, the reply and the request's logger for
 * the stream's whole life (they only log the end of a finished response, which a stream does not have).
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  // Fastify listens for both 'finish' and 'error' with one function; Node's own listeners are on one of them.
  for (const listener of res.listeners('error')) {
    if (res.listeners('finish').includes(listener)) {
      res.removeListener('error', listener as () => void);
      res.removeListener('finish', listener as () => void);
    }
  }
  res.on('error', ignore); // a write to a stream the client dropped; its 'close' cleans up
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, STREAM_HEADERS);
  res.write('retry: 3000\n\n');
  // Node keeps the sent status line and headers as a string built piece by piece (a rope of ~30 parts); an
  // identical flat copy holds a third of the memory for the stream's whole life.
  const sent = res as unknown as { _header: string | null };
  if (typeof sent._header === 'string') sent._header = Buffer.from(sent._header, 'latin1').toString('latin1');
  return res;
}
