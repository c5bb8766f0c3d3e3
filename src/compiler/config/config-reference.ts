/**
 * docs/config.md, made from the config schema (config-schema.ts): every key with its type and what it does, so the
 * reference cannot drift from what the build accepts. `npm run docs:config` writes it; a test checks it is current.
 */
import { z } from 'zod'
import { resolvedConfigSchema } from './config-schema.js'

interface JsonSchema {
  type?: string | string[]
  description?: string
  properties?: Record<string, JsonSchema>
  items?: JsonSchema | JsonSchema[]
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  $ref?: string
  additionalProperties?: JsonSchema | boolean
}

/** The markdown of docs/config.md. */
export function configReference(): string {
  const schema = z.toJSONSchema(resolvedConfigSchema, { unrepresentable: 'any' }) as JsonSchema
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Made from src/compiler/config/config-schema.ts by `npm run docs:config`; do not edit by hand. -->',
    '',
    'A `wikigen.config.ts` at the content root exports any part of this configuration with `defineConfig`; every key',
    'has a default. An unknown key is a warning (in `labels` an error) and a value of the wrong type an error, each naming',
    'the file and the key, with the keys close to a misspelt one; the default is used instead.',
    '',
    '```ts',
    "import { defineConfig } from 'wikigen'",
    '',
    "export default defineConfig({ site: { title: 'Wiki' }, theme: { navbar: [{ text: 'Home', link: '/' }] } })",
    '```',
  ]
  for (const [section, sub] of Object.entries(schema.properties ?? {})) {
    lines.push('', `## \`${section}\``, '', sub.description ?? '', '')
    const fields = sub.properties ?? (sub.items && !Array.isArray(sub.items) ? sub.items.properties : undefined) ?? {}
    lines.push('| key | type | what it does |', '|---|---|---|')
    for (const [key, field] of Object.entries(fields))
      lines.push(`| \`${section}.${key}\` | ${typeOf(field)} | ${(field.description ?? '').replace(/\|/g, '\\|')} |`)
  }
  return `${lines.join('\n')}\n`
}

function typeOf(schema: JsonSchema): string {
  if (schema.$ref) return 'navbar entry'
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(' \\| ')
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' \\| ')
  if (schema.prefixItems) return 'head tag `[tag, { attributes }, content?]`'
  if (schema.type === 'array') return `list of ${schema.items && !Array.isArray(schema.items) ? typeOf(schema.items) : 'values'}`
  if (schema.type === 'object') return schema.properties ? 'object' : 'map'
  return Array.isArray(schema.type) ? schema.type.join(' \\| ') : (schema.type ?? 'any')
}
