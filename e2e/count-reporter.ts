import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// CI reads a plain "N passed, N failed" line; Playwright's own summary is not in that form.
export default class CountReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped++;
    else if (test.outcome() === 'expected' || test.outcome() === 'flaky') {
      if (result.retry === test.results.length - 1 || result.status === 'passed') this.passed++;
    } else if (result.retry === test.retries) this.failed++;
  }

  onEnd(): void {
    console.log(`e2e: ${this.passed} passed, ${this.failed} failed, ${this.skipped} skipped`);
  }
}
