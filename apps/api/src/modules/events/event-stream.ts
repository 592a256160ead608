import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
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

// Node's own helper for giving a parser back, the one its HTTP server uses when a connection is upgraded.
const { freeParser } = createRequire(import.meta.url)('_http_common') as {
  freeParser(parser: unknown, req: IncomingMessage, socket: Socket): void;
};

/** The listeners Node's HTTP server puts on each connection's socket (lib/_http_server.js). */
const SERVER_LISTENERS: [event: string, name: string][] = [
  ['data', 'socketOnData'],
  ['end', 'socketOnEnd'],
  ['close', 'socketOnClose'],
  ['drain', 'socketOnDrain'],
  ['error', 'socketOnError'],
  ['timeout', 'socketOnTimeout'],
];

/**
 * Takes an event stream out of Fastify's and Node's HTTP hands once its headers are on their way, and answers
 * its socket (decision 019). A stream lives for hours and only ever writes, so it keeps the socket alone: the
 * connection is released from the HTTP server the way Node releases an upgraded one (its HTTP parser given
 * back, its listeners on the socket removed, the response detached), and the request, the response, the
 * parser and Fastify's request and reply become garbage. That is what an open stream cost above a bare socket:
 * ~5 KB of native parser and connection state and ~4 KB of objects (bench/events.mjs).
 *
 * Answers null when the client has already left. After this the socket is the stream's alone: anything the
 * client sends on it ends the stream (an event stream's client never sends), so does the client's end of the
 * connection, and an error only closes it.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): Socket | null {
  reply.hijack();
  const req = request.raw;
  const res = reply.raw;
  const socket = res.socket as (Socket & { parser?: unknown }) | null;
  if (!socket || socket.destroyed) return null; // the client left while the stream was being opened
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  res.useChunkedEncodingByDefault = false;
  res.writeHead(200, STREAM_HEADERS);
  res.write('retry: 3000\n\n'); // queues the status line and headers on the socket, then this

  for (const [event, name] of SERVER_LISTENERS) {
    for (const listener of socket.listeners(event)) {
      if (listener.name === name || listener.name === `bound ${name}`) {
        socket.removeListener(event, listener as () => void);
      }
    }
  }
  if (socket.parser) freeParser(socket.parser, req, socket);
  (res as ServerResponse & { detachSocket(socket: Socket): void }).detachSocket(socket);
  socket.setTimeout(0);
  socket.on('error', () => {}); // 'close' follows, and cleans up
  socket.on('end', () => socket.destroy());
  socket.on('data', () => socket.destroy());
  return socket;
}

/**
 * Ends a stream: what is queued is sent, then a last `retry:` line, then the connection closes whatever the
 * client does. The browser's EventSource reconnects after that many milliseconds with Last-Event-ID, and the
 * process that answers replays what it missed (decision 031: a process stopping with SIGTERM ends its streams
 * this way). The delay is spread over two seconds so that a process's streams do not all come back at once.
 */
export function endEventStream(socket: Socket) {
  if (socket.writable)
    socket.write(`retry: ${RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS)}\n\n`);
  socket.end(() => socket.destroy());
}

const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 2000;
