import { describe, expect, it } from 'vitest'
import { configDeclarations } from '../../../../src/compiler/config/config-declarations.js'
import { userConfigSchema } from '../../../../src/compiler/config/config-schema.js'
import { defineConfig } from '../../../../src/index.js'
import { SLOT_NAMES, type SlotProps } from '../../../../src/shared/theme-slots.js'

describe('lib/index.d.ts', () => {
  const declarations = configDeclarations()

  it('declares every top-level key of the config schema as optional', () => {
    for (const key of Object.keys(userConfigSchema.shape)) expect(declarations).toMatch(new RegExp(`^  ${key}\\?: `, 'm'))
  })

  it('documents a key with its description from the schema', () => {
    expect(declarations).toContain(
      '    /** The wiki\'s name: navbar, home page and every page title. Default "Wiki". */\n    title?: string\n',
    )
  })

  it('names the entries that nest after the key holding them', () => {
    expect(declarations).toContain('    navbar?: NavbarItem[]\n')
    expect(declarations).toContain('export interface NavbarItem {\n')
    expect(declarations).toContain('  children?: NavbarItem[]\n')
    expect(declarations).toContain('export interface SidebarItem {\n')
    expect(declarations).toContain('  children?: (SidebarItem | string)[]\n')
  })

  it('writes tuples with their optional end, and unions inside a list in parentheses', () => {
    expect(declarations).toContain('    head?: [string, Record<string, string | true>, string?][]\n')
    expect(declarations).toContain('    properties?: boolean | string[] | Record<string, string | false>\n')
  })

  it('declares defineConfig, which the package entry exports as the identity', () => {
    expect(declarations).toContain('export declare function defineConfig(config: UserConfig): UserConfig\n')
    const config = { site: { title: 'Wiki' } }
    expect(defineConfig(config)).toBe(config)
  })

  it('declares the props of a slot component, with every field the theme passes', () => {
    // typed as the theme's own record: a field added there and not here fails the type check of this file
    const props: Omit<SlotProps, 'labels'> = {
      slot: 'pageTop',
      page: { title: '', href: '', slug: '', layout: 'Layout', frontmatter: {} },
      site: { title: '', description: '', lang: '', base: '' },
    }
    const declared = declarations.slice(declarations.indexOf('export interface SlotProps {'))
    for (const key of [...Object.keys(props), ...Object.keys(props.page), ...Object.keys(props.site), 'labels'])
      expect(declared).toMatch(new RegExp(`\\b${key}: `))
    for (const name of SLOT_NAMES) expect(declared).toContain(`'${name}'`)
  })
})
