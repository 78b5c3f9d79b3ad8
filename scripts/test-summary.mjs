// Prints one closing line for every vitest run of this test session, summed from the JSON
// reports in .vitest-reports/: "tests: N passed, N failed, N skipped", preceded by one line per
// failed test (its file, its name and the first line of its message), so that the end of a CI
// log names what failed without a search through the lanes' interleaved output.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = '.vitest-reports';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** The first line of a failure message, without terminal colours, cut to a readable length. */
function firstLine(message = '') {
  const line =
    stripVTControlCharacters(message)
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 240);
}

if (existsSync(dir)) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed +=
      (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const suite of report.testResults ?? []) {
      const where = path.relative(process.cwd(), suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      }
      if (suite.status === 'failed' && failedTests.length === 0) {
        failures.push(`${where}: ${firstLine(suite.message)}`);
      }
    }
  }
}
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
