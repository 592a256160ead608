import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// Decision 032: what an operator watches, in Prometheus' text format at GET /api/v3/metrics. One registry per
// process (the numbers are the process's; Prometheus sums the processes). Use cases count through the helpers
// below; the gauges are read when scraped.

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'geekly_' });

export const httpRequests = new Counter({
  name: 'geekly_http_requests_total',
  help: 'HTTP requests answered, by method, route and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'geekly_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route (event streams are counted by geekly_event_streams_open)',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const paymentsSettled = new Counter({
  name: 'geekly_payments_total',
  help: 'Card payments settled by the gateway, by purpose and outcome (succeeded, failed, expired)',
  labelNames: ['purpose', 'outcome'] as const,
  registers: [registry],
});

export const webhooks = new Counter({
  name: 'geekly_webhooks_total',
  help: 'Gateway webhooks, by gateway and result (applied, duplicate, refused: bad signature)',
  labelNames: ['gateway', 'result'] as const,
  registers: [registry],
});

export const mailDeliveries = new Counter({
  name: 'geekly_mail_total',
  help: 'Outbox mail handed to the transport, by result (sent; failed: retried later; rejected: 5xx, given up)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const autopilotSteps = new Counter({
  name: 'geekly_autopilot_steps_total',
  help: 'Demo autopilot steps carried out, by step',
  labelNames: ['step'] as const,
  registers: [registry],
});

type Sources = {
  streams: () => { client: number; staff: number };
  pool: () => { total: number; idle: number; waiting: number } | null;
};
/** Each app in this process adds what its gauges read (tests build several apps in one process). */
const sources = new Set<Sources>();

export function addGaugeSources(s: Sources): () => void {
  sources.add(s);
  return () => sources.delete(s);
}

new Gauge({
  name: 'geekly_event_streams_open',
  help: 'Server-Sent Events streams open on this process, by kind (client, staff)',
  labelNames: ['kind'] as const,
  registers: [registry],
  collect() {
    let client = 0;
    let staff = 0;
    for (const s of sources) {
      const n = s.streams();
      client += n.client;
      staff += n.staff;
    }
    this.set({ kind: 'client' }, client);
    this.set({ kind: 'staff' }, staff);
  },
});

new Gauge({
  name: 'geekly_db_pool_connections',
  help: 'PostgreSQL pool connections of this process, by state (total, idle, waiting: requests queued for one)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const s of sources) {
      const p = s.pool();
      if (!p) continue;
      sum.total += p.total;
      sum.idle += p.idle;
      sum.waiting += p.waiting;
    }
    for (const [state, n] of Object.entries(sum)) this.set({ state }, n);
  },
});
