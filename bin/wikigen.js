#!/usr/bin/env node
// Runs the bundled CLI (lib/cli.js, made by scripts/bundle.mjs).

// React's production build unless the caller chose otherwise; set before anything loads React.
process.env.NODE_ENV ??= 'production'
const { run } = await import('../lib/cli.js')
await run()
