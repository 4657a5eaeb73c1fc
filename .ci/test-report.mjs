// Reads a vitest JSON report and fails unless it holds tests, all passed and none skipped or
// left as todo: under CI a suite that cannot reach its service fails by itself, and this also
// catches a test skipped for any other reason.
//   node .ci/test-report.mjs <label> <report.json>
import { readFileSync } from 'node:fs';

const [label, file] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
if (report.numTotalTests === 0 || skipped > 0 || !report.success) process.exit(1);
