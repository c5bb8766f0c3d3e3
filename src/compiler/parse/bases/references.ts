/**
 * The front-matter properties an expression reads, with their positions: bare names (`status`), `note.status` and
 * `note["status"]`. Names a list function binds (`value`, `index` and `acc` inside filter, map and reduce) and the
 * `values` of a summary formula are not properties, nor are `file`, `note`, `formula` and `this` themselves.
 *
 *     status == "aktiv" && tags.filter(value.startsWith("k")).length > 0   → status, tags
 */
import type { Expr } from './expression.js'

export interface PropertyReference {
  name: string
  line: number
  column: number
}

const ITEM_NAMES = ['value', 'index', 'acc']
const BUILT_IN_NAMES = new Set(['file', 'note', 'formula', 'this'])

export function propertyReferences(ast: Expr | null, bound: ReadonlySet<string> = new Set(['values'])): PropertyReference[] {
  const found: PropertyReference[] = []
  const walk = (node: Expr, names: ReadonlySet<string>): void => {
    switch (node.type) {
      case 'name':
        if (!names.has(node.name) && !BUILT_IN_NAMES.has(node.name)) found.push({ name: node.name, line: node.line, column: node.column })
        return
      case 'member':
        if (node.object.type === 'name' && node.object.name === 'note' && !names.has('note'))
          found.push({ name: node.name, line: node.line, column: node.column })
        else walk(node.object, names)
        return
      case 'index':
        if (
          node.object.type === 'name' &&
          node.object.name === 'note' &&
          !names.has('note') &&
          node.index.type === 'literal' &&
          typeof node.index.value === 'string'
        ) {
          found.push({ name: node.index.value, line: node.index.line, column: node.index.column })
        } else {
          walk(node.object, names)
          walk(node.index, names)
        }
        return
      case 'list':
        for (const item of node.items) walk(item, names)
        return
      case 'object':
        for (const entry of node.entries) walk(entry.value, names)
        return
      case 'call': {
        if (node.callee.type === 'member') {
          walk(node.callee.object, names)
          const method = node.callee.name
          if (method === 'filter' || method === 'map' || method === 'reduce') {
            const inner = new Set([...names, ...ITEM_NAMES])
            node.args.forEach((arg, i) => walk(arg, i === 0 ? inner : names))
            return
          }
        } else if (node.callee.type !== 'name') walk(node.callee, names)
        for (const arg of node.args) walk(arg, names)
        return
      }
      case 'unary':
        walk(node.operand, names)
        return
      case 'binary':
        walk(node.left, names)
        walk(node.right, names)
        return
    }
  }
  if (ast) walk(ast, bound)
  return found
}
