import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * CI keeps only the tail of a run's log, and the line reporter prints a failure's error where it happened, a
 * hundred story lines before the end: stop 41's red run said which story failed but not why. This reporter
 * prints each failure again, short, after everything else: the error's first lines, where it was thrown, and
 * the trace to open with `npx playwright show-trace`.
 */
const MAX_LINES = 24;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal colours in Playwright's error texts
const ANSI = /\u001b\[[0-9;]*m/g;

export default class FailuresAtEnd implements Reporter {
  private readonly failures: { test: TestCase; result: TestResult }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status !== test.expectedStatus) this.failures.push({ test, result });
  }

  onEnd(_result: FullResult) {
    if (this.failures.length === 0) return;
    const out = [`\nWhy ${this.failures.length} stor${this.failures.length === 1 ? 'y' : 'ies'} failed:`];
    for (const { test, result } of this.failures) {
      const project = test.parent.project()?.name ?? '';
      out.push(
        `\n✘ [${project}] ${test.location.file.split('/e2e/')[1] ?? test.location.file}:${test.location.line}`,
      );
      out.push(`  ${test.title}`);
      out.push(`  ${result.status} after ${(result.duration / 1000).toFixed(1)} s (retry ${result.retry})`);
      for (const error of result.errors) {
        const lines = (error.message ?? error.value ?? '').replace(ANSI, '').split('\n');
        out.push(...lines.slice(0, MAX_LINES).map((l) => `    ${l}`));
        if (lines.length > MAX_LINES) out.push(`    … ${lines.length - MAX_LINES} more lines`);
        if (error.location)
          out.push(`    at ${error.location.file.split('/e2e/')[1]}:${error.location.line}`);
      }
      const trace = result.attachments.find((a) => a.name === 'trace')?.path;
      if (trace) out.push(`  trace: ${trace}`);
    }
    console.log(out.join('\n'));
  }
}
