/**
 * JSON read with positions: the same values as `JSON.parse`, plus where each object and property value starts, and
 * for a syntax error the offset it was found at, so a diagnostic can name the line and column of a `.canvas` file or
 * an Obsidian settings file (Node's own messages carry no position for most errors).
 */
/** Offset → 1-based line and column; lines end at \n, \r\n or \r. A leading byte-order mark is not a column. */
export function createLocator(text: string): (offset: number) => { line: number; column: number } {
  const lineStarts = [0]
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) lineStarts.push(i + 1)
  }
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0
  return (offset) => {
    let low = 0
    let high = lineStarts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (lineStarts[middle] <= offset) low = middle
      else high = middle - 1
    }
    const column = offset - lineStarts[low] + 1 - (low === 0 ? bom : 0)
    return { line: low + 1, column: Math.max(1, column) }
  }
}

/** Where an object or array starts, and where each of its property values or entries (by index) starts. */
interface ObjectStart {
  offset: number
  values: Map<string, number>
}

export type JsonResult = { value: unknown; starts: WeakMap<object, ObjectStart> } | { error: string; hint: string; offset: number }

/** Nesting deeper than this is no canvas; the limit keeps a hostile file from exhausting the stack. */
const MAX_DEPTH = 256
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const JSON_HINT = 'The file is JSON: check for a missing comma, quote or bracket just before this position.'

class JsonError {
  constructor(
    readonly error: string,
    readonly offset: number,
    readonly hint = JSON_HINT,
  ) {}
}

/** RFC 8259 JSON with the offset of every object and property value; the same values as `JSON.parse`. */
export function readJson(text: string, hint = JSON_HINT): JsonResult {
  const starts = new WeakMap<object, ObjectStart>()
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0

  const skipSpace = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  }
  const found = () => (i >= text.length ? 'the end of the file' : JSON.stringify(text[i]))
  const fail = (expected: string): never => {
    throw new JsonError(`expected ${expected}, found ${found()}`, i)
  }
  const expect = (char: string, expected: string) => {
    skipSpace()
    if (text[i] !== char) fail(expected)
    i++
  }

  const readString = (): string => {
    const start = i++
    let escaped = false
    for (;;) {
      const c = text.charCodeAt(i)
      if (i >= text.length) throw new JsonError('this string is never closed', start, 'Add the closing double quote.')
      if (c === 34) break
      if (c < 32) throw new JsonError('line break or control character inside a string', i, 'Write a line break as \\n inside a string.')
      if (c === 92) {
        escaped = true
        const next = text[i + 1]
        if (next === 'u' ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(next ?? 'x')) {
          throw new JsonError(`invalid escape ${JSON.stringify(text.slice(i, i + 2))}`, i, 'Write a backslash as \\\\ inside a string.')
        }
        i += next === 'u' ? 6 : 2
        continue
      }
      i++
    }
    i++
    // The escapes are checked above, so the native parser only decodes them.
    return escaped ? (JSON.parse(text.slice(start, i)) as string) : text.slice(start + 1, i - 1)
  }

  const readValue = (depth: number): unknown => {
    skipSpace()
    if (depth > MAX_DEPTH) throw new JsonError(`nested more than ${MAX_DEPTH} levels deep`, i, 'A canvas needs only three levels.')
    const c = text[i]
    if (c === '{') {
      const object: Record<string, unknown> = {}
      const start: ObjectStart = { offset: i, values: new Map() }
      starts.set(object, start)
      i++
      skipSpace()
      if (text[i] === '}') {
        i++
        return object
      }
      let comma = -1
      for (;;) {
        skipSpace()
        if (text[i] !== '"') {
          if (text[i] === '}' && comma >= 0) throw new JsonError('a comma before "}"', comma, 'Remove the comma after the last property.')
          fail('a property name in double quotes')
        }
        const key = readString()
        expect(':', '":" after the property name')
        skipSpace()
        start.values.set(key, i)
        // defineProperty, because a plain assignment of "__proto__" would change the prototype instead.
        Object.defineProperty(object, key, { value: readValue(depth + 1), enumerable: true, writable: true, configurable: true })
        skipSpace()
        if (text[i] === ',') comma = i++
        else if (text[i] === '}') break
        else fail('"," or "}" after the property value')
      }
      i++
      return object
    }
    if (c === '[') {
      const array: unknown[] = []
      const start: ObjectStart = { offset: i, values: new Map() }
      starts.set(array, start)
      i++
      skipSpace()
      if (text[i] === ']') {
        i++
        return array
      }
      for (;;) {
        skipSpace()
        start.values.set(String(array.length), i)
        array.push(readValue(depth + 1))
        skipSpace()
        if (text[i] === ',') {
          const comma = i++
          skipSpace()
          if (text[i] === ']') throw new JsonError('a comma before "]"', comma, 'Remove the comma after the last entry.')
        } else if (text[i] === ']') break
        else fail('"," or "]" after the entry')
      }
      i++
      return array
    }
    if (c === '"') return readString()
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length
        return value
      }
    }
    NUMBER.lastIndex = i
    const number = NUMBER.exec(text)
    if (number) {
      i += number[0].length
      return Number(number[0])
    }
    return fail('a value')
  }

  try {
    const value = readValue(0)
    skipSpace()
    if (i < text.length) throw new JsonError(`unexpected ${found()} after the end of the canvas`, i, 'Remove what follows the closing "}".')
    return { value, starts }
  } catch (error) {
    if (error instanceof JsonError) return { error: error.error, hint: error.hint === JSON_HINT ? hint : error.hint, offset: error.offset }
    throw error
  }
}
