import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './helpers/server-process.ts';

const start = (env: Record<string, string>) => startServer(env);

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGTERM');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the server process', () => {
  it('serves on the embedded database and refuses a second process on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'geekly-data-'));
    dirs.push(dataDir);
    const first = start({ DATA_DIR: dataDir, PORT: '0' });
    children.push(first.child);
    await first.ready;
    expect(first.output()).toMatch(/Geekly is running at http:\/\/localhost:0/);

    const second = start({ DATA_DIR: dataDir, PORT: '0' });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already in use by another Geekly process/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // the lock is released on a clean stop: the data directory opens again
    const third = start({ DATA_DIR: dataDir, PORT: '0' });
    children.push(third.child);
    await third.ready;
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 60_000);

  it('stops at start-up with a message naming a bad variable', async () => {
    const bad = start({ PORT: 'not-a-port', DATA_DIR: mkdtempSync(join(tmpdir(), 'geekly-data-')) });
    children.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/PORT="not-a-port"/);
  });
});
