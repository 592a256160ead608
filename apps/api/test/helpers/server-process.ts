import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverPath = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/** The real server (`src/server.ts`) in a child process, as `npm start` runs it. */
export function startServer(env: Record<string, string>, logLevel = 'warn') {
  return spawnServer({
    ...process.env,
    ...env,
    LOG_LEVEL: logLevel,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'false',
  });
}

/** The real server with exactly this environment (nothing added), its output kept, `ready` once it listens. */
export function spawnServer(env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(process.execPath, [serverPath], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Geekly is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  ready.catch(() => {}); // awaited only by the tests that expect the server to come up
  return { child, ready, exited, output: () => output };
}

/**
 * Stops server processes and waits until each has exited (at most 30 s), so its data directory can be removed:
 * a process still draining (SIGTERM, decision 031) keeps writing to it.
 */
export async function stopServers(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          const timer = setTimeout(() => c.kill('SIGKILL'), 30_000);
          c.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          c.kill('SIGTERM');
        }),
    ),
  );
}

/** A loopback port free now (the OS's pick), for a server process to listen on. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  // Every address (IPv4 and IPv6): the tests call 'localhost', which may resolve to ::1 first.
  await new Promise<void>((resolve) => srv.listen(0, resolve));
  const port = (srv.address() as { port: number }).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** A JSON POST to the API of the server at `base`, as the web app sends it. */
export async function post(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api/v3${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
  return { status: res.status, body: (await res.json()) as any };
}
