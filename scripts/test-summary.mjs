// Prints one closing line for every vitest run of this test session, summed from the JSON
// reports in .vitest-reports/: "tests: N passed, N failed, N skipped".
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const dir = '.vitest-reports';
const totals = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed +=
      (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
