// Prints one closing line for every vitest run of this test session, summed from the JSON
// reports in .vitest-reports/: "tests: N passed, N failed, N skipped", preceded by one line per
// failed test (its file, its name and the first line of its message), so that the end of a CI
// log names what failed without a search through the lanes' interleaved output. Before them,
// each run's slowest files and their seconds, to balance the lanes of scripts/test.mjs by.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const dir = '.vitest-reports';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** How many of a run's slowest files are listed with their time. */
const SLOWEST_SHOWN = 40;

/** A run's files, slowest first, as "  123 s  e2e/x.e2e.test.ts" lines, and their sum. */
function fileTimes(report) {
  const times = (report.testResults ?? [])
    .filter((suite) => suite.startTime && suite.endTime)
    .map((suite) => ({
      seconds: (suite.endTime - suite.startTime) / 1000,
      where: path.relative(process.cwd(), suite.name ?? ''),
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const sum = times.reduce((total, t) => total + t.seconds, 0);
  const lines = times
    .slice(0, SLOWEST_SHOWN)
    .map((t) => `  ${Math.round(t.seconds).toString().padStart(5)} s  ${t.where}`);
  return { sum, lines };
}

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
    const { sum, lines } = fileTimes(report);
    console.log(`${file}: files took ${Math.round(sum)} s in all; the slowest:`);
    for (const line of lines) console.log(line);
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
