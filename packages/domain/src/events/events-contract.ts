import { z } from 'zod';
import { endpoint } from '../http/endpoint.ts';

// The live streams (Server-Sent Events, decisions 019 and 067): one per signed-in area. Their answer is a
// text/event-stream that the web app reads with its own stream reader (apps/web/app/lib/bearer-event-stream.ts,
// features/live), not a JSON body; the contract fixes their paths, query and statuses.

const streamQuery = z.object({
  last_event_id: z.string().max(20).optional().describe('For a tab that takes over the shared stream'),
});
const eventStream = z.string().describe('text/event-stream');

export const eventsContract = {
  students: endpoint({
    method: 'GET',
    path: '/events',
    summary:
      "Server-Sent Events: the caller's order, message and balance events. Each event's id may be sent back " +
      'as Last-Event-ID (or last_event_id) on reconnect to receive what was missed; a gap too old to replay ' +
      "answers a 'resync' event (refetch), a new stream starts with a 'ready' event; a 'ping' event every 20 s.",
    query: streamQuery,
    responses: { 200: eventStream },
    errors: [401],
  }),
  staff: endpoint({
    method: 'GET',
    path: '/ops/events',
    summary:
      "Server-Sent Events for staff: every task's order and message events ({type, order_id}), whoever " +
      "the student is. Last-Event-ID (or last_event_id) replays what was missed; 'ready' starts a new " +
      "stream, 'resync' asks for a refetch, 'ping' every 20 s.",
    query: streamQuery,
    responses: { 200: eventStream },
    errors: [401, 403],
  }),
  geeks: endpoint({
    method: 'GET',
    path: '/workspace/events',
    summary:
      "Server-Sent Events of this Geek's offers ('offer'), tasks ('order') and messages ('message'); " +
      "Last-Event-ID (or last_event_id) replays what was missed, as on the students' stream",
    query: streamQuery,
    responses: { 200: eventStream },
    errors: [401, 403],
  }),
};
