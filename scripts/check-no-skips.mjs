// CI: fails when the test run skipped or left out anything. Reads the JSON report that
// `npm test -- --reporter=default --reporter=json --outputFile=FILE` writes and names each test that did not run.
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/check-no-skips.mjs RESULTS.json');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const notRun = [];
for (const suite of report.testResults ?? []) {
  for (const test of suite.assertionResults ?? []) {
    if (test.status !== 'passed' && test.status !== 'failed')
      notRun.push(`${test.status}: ${suite.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}`);
  }
}
const total = report.numTotalTests ?? 0;
if (total === 0) {
  console.error('check-no-skips: the test run executed no test.');
  process.exit(1);
}
if (notRun.length > 0) {
  console.error(`check-no-skips: ${notRun.length} of ${total} tests did not run:`);
  for (const line of notRun) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `check-no-skips: all ${total} tests ran (${report.numPassedTests} passed, ${report.numFailedTests} failed).`,
);
