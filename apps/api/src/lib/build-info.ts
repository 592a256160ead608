import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Gauge } from 'prom-client';
import { registry } from './metrics.ts';

/** The release this process runs: the root package.json's version and the commit (CHANGELOG.md names both). */
type BuildInfo = { version: string; commit: string };

const root = new URL('../../../../', import.meta.url);

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

let known: BuildInfo | undefined;

/** Read once per process: BUILD_COMMIT when the deployment sets it, else git, else 'unknown'. */
export function buildInfo(commit?: string): BuildInfo {
  known ??= {
    version:
      (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { version?: string }).version ??
      '0.0.0',
    commit: commit ?? gitCommit(),
  };
  return known;
}

const buildInfoGauge = new Gauge({
  name: 'geekly_build_info',
  help: 'Always 1; the labels name the release this process runs',
  labelNames: ['version', 'commit'] as const,
  registers: [registry],
});

/** Sets the `geekly_build_info` metric (once, at start-up). */
export function publishBuildInfo(info: BuildInfo) {
  buildInfoGauge.set({ version: info.version, commit: info.commit }, 1);
}
