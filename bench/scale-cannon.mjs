// One autocannon run for bench/scale.mjs, in its own process (the API under test runs in another). The spec (a JSON
// file, argv[2]): { url, connections, duration, headers, method?, body?, paths?: [{ path, token? }] }. `paths` are used
// in turn, each once while they last (a payment pays a different task each time); `{n}` in the path or body becomes a number
// unique in the run (an idempotency key). Prints autocannon's result as JSON.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const prefix = `${process.pid}-${Date.now()}`;
let n = 0;
const fill = (text) => text.replaceAll('{n}', `${prefix}-${n}`);
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers,
  requests: [
    {
      method: spec.method ?? 'GET',
      setupRequest: (req) => {
        n++;
        const next = spec.paths?.[(n - 1) % spec.paths.length];
        const headers = next?.token ? { ...req.headers, authorization: `Bearer ${next.token}` } : req.headers;
        const path = next ? next.path : req.path;
        return { ...req, path: fill(path), headers, ...(spec.body ? { body: fill(spec.body) } : {}) };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
