import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// Decision 068: the API's module graph has no cycle, and scripts/check-boundaries.mjs fails on a cycle edge even
// when the baseline lists it. Checked here on a small tree of its own.
const script = fileURLToPath(new URL('../../../scripts/check-boundaries.mjs', import.meta.url));
const trees: string[] = [];

function tree(files: Record<string, string>, baseline: string[]) {
  const root = mkdtempSync(join(tmpdir(), 'geekly-boundaries-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'scripts'), { recursive: true });
  writeFileSync(join(root, 'scripts/boundaries-baseline.json'), JSON.stringify(baseline));
  return root;
}

const check = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, BOUNDARIES_ROOT: root },
    encoding: 'utf8',
  });

const orders = 'apps/api/src/modules/orders/apply.ts';
const payments = 'apps/api/src/modules/payments/settle.ts';

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the module graph check', () => {
  it('passes a graph whose edges go one way', () => {
    const root = tree({ [orders]: "import { settle } from '../payments/settle.ts';\n", [payments]: '' }, []);
    const run = check(root);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails on a cycle, even one the baseline lists, and never writes one into it', () => {
    const root = tree(
      {
        [orders]: "import { settle } from '../payments/settle.ts';\n",
        [payments]: "import { apply } from '../orders/apply.ts';\n",
      },
      ['api-cycle orders -> payments', 'api-cycle payments -> orders'],
    );
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('a cycle of the API modules: api-cycle orders -> payments');
    expect(run.stderr).toContain('a cycle of the API modules: api-cycle payments -> orders');

    expect(check(root, '--write-baseline').status).toBe(0);
    const again = check(root);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('api-cycle payments -> orders');
  });
});
