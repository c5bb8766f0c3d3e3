#!/usr/bin/env node
// Writes docs/config.md from the config schema (src/compiler/config/config-reference.ts): `npm run docs:config`.
import { build } from 'esbuild'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const bundle = await build({
  entryPoints: [join(root, 'src/compiler/config/config-reference.ts')],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
})
const { configReference } = await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`)
writeFileSync(join(root, 'docs/config.md'), configReference())
console.log('wrote docs/config.md')
