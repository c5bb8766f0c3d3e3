#!/usr/bin/env node
// React's production build unless the caller chose otherwise; set before anything loads React.
process.env.NODE_ENV ??= 'production'
await import('../lib/cli.js')
