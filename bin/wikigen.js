#!/usr/bin/env node
// Runs the bundled CLI through V8's code cache (lib/launch.js, made by scripts/bundle.mjs from src/cli/launch.ts).

// React's production build unless the caller chose otherwise; set before anything loads React.
process.env.NODE_ENV ??= 'production'
const { launch } = await import('../lib/launch.js')
await launch()
