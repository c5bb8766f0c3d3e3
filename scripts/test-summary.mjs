#!/usr/bin/env node
// Adds up vitest JSON reports and prints the closing line "N passed, N failed[, N skipped]". Above it, each failed
// test by file and name with the first line of its message, so a log that keeps only its tail still says what broke.
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

let passed = 0
let failed = 0
let skipped = 0
const failures = []
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed++ // a suite whose runner crashed before reporting counts as a failure
    failures.push(`${file}: no report (the runner crashed)`)
    continue
  }
  const report = JSON.parse(readFileSync(file, 'utf8'))
  passed += report.numPassedTests
  // a suite that fails to load has no failed test of its own: count it once
  failed += report.numFailedTests || report.numFailedTestSuites || 0
  skipped += report.numPendingTests + report.numTodoTests
  for (const suite of report.testResults ?? []) {
    const where = relative(process.cwd(), suite.name)
    const tests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of tests) failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    if (suite.status === 'failed' && tests.length === 0) failures.push(`${where}: ${firstLine(suite.message)}`)
  }
}
if (failures.length > 0) console.log(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)

function firstLine(text) {
  return (text ?? '').trim().split('\n')[0].slice(0, 300)
}
