#!/usr/bin/env node
// Adds up vitest JSON reports and prints the closing line "N passed, N failed[, N skipped]".
import { existsSync, readFileSync } from 'node:fs'

let passed = 0
let failed = 0
let skipped = 0
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed++ // a suite whose runner crashed before reporting counts as a failure
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  // a suite that fails to load has no failed test of its own: count it once
  failed += report.numFailedTests || report.numFailedTestSuites || 0
  skipped += report.numPendingTests + report.numTodoTests
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
