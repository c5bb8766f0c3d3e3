/**
 * lib/index.d.ts, the types of the `wikigen` module that a `wikigen.config.ts` imports, made from the config schema
 * (config-schema.ts) when the package is bundled. The installed package carries neither its sources nor the schema
 * library, yet an editor completes every key with its description and a misspelt key is a type error:
 *
 *     title: z.string().describe("The wiki's name …")   →   title?: string, documented "The wiki's name …"
 *     navbar: z.array(navbarItem)                      →   navbar?: NavbarItem[], NavbarItem declared once
 */
import { z } from 'zod'
import { userConfigSchema } from './config-schema.js'

/** The part of JSON Schema that `z.toJSONSchema` writes for the config schema. */
interface JsonSchema {
  type?: string | string[]
  description?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema | boolean
  prefixItems?: JsonSchema[]
  minItems?: number
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  $ref?: string
  $defs?: Record<string, JsonSchema>
  /** The type to write for a value the schema cannot describe (a function): set with `.meta({ tsType })`. */
  tsType?: string
}

/** What rendering needs besides the schema: the names given to the recursive parts (`$defs`). */
interface DeclarationContext {
  /** `$ref` → the interface's name and the property that first held it. */
  names: Map<string, { name: string; key: string }>
}

/** The text of lib/index.d.ts. */
export function configDeclarations(): string {
  const schema = z.toJSONSchema(userConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  const ctx: DeclarationContext = { names: new Map() }
  const userConfig = typeOf(schema, ctx, '', 'config')
  const defs: string[] = []
  // a definition may name further ones while it is rendered: the map grows behind the loop
  for (const [ref, { name, key }] of ctx.names) {
    const def = schema.$defs?.[ref.replace('#/$defs/', '')]
    if (!def) throw new Error(`config schema: ${ref} has no definition`)
    defs.push(`/** An entry of \`${key}\`. */`, `export interface ${name} ${typeOf(def, ctx, '', key)}`, '')
  }
  return [
    '// The types of the `wikigen` module, made from the configuration schema when the package is bundled.',
    '',
    '/** What `wikigen.config.ts` exports: any part of the configuration; every key has a default. */',
    `export interface UserConfig ${userConfig}`,
    '',
    ...defs,
    '/**',
    ' * Gives a config file types and completion, and returns the config unchanged:',
    ' *',
    " *     export default defineConfig({ site: { title: 'Wiki' } })",
    ' */',
    'export declare function defineConfig(config: UserConfig): UserConfig',
    '',
    SLOT_PROPS,
  ].join('\n')
}

/**
 * What a component of `theme.slots` receives (src/shared/theme-slots.ts SlotProps, written out: the package carries no
 * sources), so a team types it `export default function Oben({ page }: SlotProps)`.
 */
const SLOT_PROPS = `/** The props of a component of theme.slots (docs/theming.md, "Slots"). */
export interface SlotProps {
  /** The slot the component renders in: one component may serve several. */
  slot: 'headerEnd' | 'footer' | 'homeHero' | 'pageTop' | 'pageBottom' | 'notFound'
  page: {
    title: string
    /** The page's URL, base path included ('/wiki/handbuch.html'). */
    href: string
    /** The output name without extension: '' for the home page, '404' for the 404 page. */
    slug: string
    layout: 'Layout' | 'Home' | 'NotFound'
    /** The page's front matter as its author wrote it (every key); empty for generated pages. */
    frontmatter: Record<string, unknown>
  }
  site: { title: string; description: string; lang: string; base: string }
  /** Every text of the interface in the page's language, by the keys of the config's labels. */
  labels: Record<string, string | string[] | Record<string, string>>
}
`

/** The TypeScript type of one schema; `key` is the property it belongs to, which names a recursive part. */
function typeOf(schema: JsonSchema, ctx: DeclarationContext, indent: string, key: string): string {
  if (schema.tsType) return schema.tsType
  if (schema.$ref) return nameOf(schema.$ref, ctx, key)
  if (schema.anyOf) return schema.anyOf.map((part) => typeOf(part, ctx, indent, key)).join(' | ')
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  switch (schema.type) {
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array':
      return arrayTypeOf(schema, ctx, indent, key)
    case 'object':
      return objectTypeOf(schema, ctx, indent, key)
    default:
      return 'unknown'
  }
}

function arrayTypeOf(schema: JsonSchema, ctx: DeclarationContext, indent: string, key: string): string {
  if (schema.prefixItems) {
    const required = schema.minItems ?? schema.prefixItems.length
    const parts = schema.prefixItems.map((item, i) => {
      const type = typeOf(item, ctx, indent, key)
      return i < required ? type : `${parenthesised(type, item)}?`
    })
    return `[${parts.join(', ')}]`
  }
  if (typeof schema.items !== 'object') return 'unknown[]'
  return `${parenthesised(typeOf(schema.items, ctx, indent, key), schema.items)}[]`
}

/** A union or a function type in parentheses, where `[]` or `?` would otherwise bind to its last part only. */
const parenthesised = (type: string, schema: JsonSchema) =>
  (schema.anyOf?.length ?? schema.enum?.length ?? 0) > 1 || schema.tsType?.includes('=>') ? `(${type})` : type

function objectTypeOf(schema: JsonSchema, ctx: DeclarationContext, indent: string, key: string): string {
  if (!schema.properties) {
    const value = typeof schema.additionalProperties === 'object' ? typeOf(schema.additionalProperties, ctx, indent, key) : 'unknown'
    return `Record<string, ${value}>`
  }
  const inner = `${indent}  `
  const required = new Set(schema.required ?? [])
  const lines = Object.entries(schema.properties).flatMap(([name, property]) => {
    const type = typeOf(property, ctx, inner, name)
    const doc = property.description ? [`${inner}/** ${property.description.replace(/\*\//g, '*\\/')} */`] : []
    return [...doc, `${inner}${propertyName(name)}${required.has(name) ? '' : '?'}: ${type}`]
  })
  return `{\n${lines.join('\n')}\n${indent}}`
}

/** A recursive part is named after the property that holds it: `navbar` → `NavbarItem`. */
function nameOf(ref: string, ctx: DeclarationContext, key: string): string {
  const known = ctx.names.get(ref)
  if (known) return known.name
  const base = `${key.charAt(0).toUpperCase()}${key.slice(1)}Item`
  const taken = new Set([...ctx.names.values()].map((entry) => entry.name))
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`
  ctx.names.set(ref, { name, key })
  return name
}

const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name))
