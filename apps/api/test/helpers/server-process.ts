import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverPath = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/** The real server (`src/server.ts`) in a child process, as `npm start` runs it. */
export function startServer(env: Record<string, string>, logLevel = 'warn') {
  const child: ChildProcess = spawn(process.execPath, [serverPath], {
    env: { ...process.env, ...env, LOG_LEVEL: logLevel, SEED_DEMO: 'false', TRUST_PROXY: 'false' },
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
