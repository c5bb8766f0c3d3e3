// Speed fixes to libraries, applied when the CLI and the worker are bundled. Each one leaves what the library does as
// it was; when a library no longer has the code its fix replaces, bundling fails: the fix then needs a look.
//
// mdast-util-from-markdown: its compiler calls a handler for every micromark event with a context made by spreading the shared context and
// adding the event's `sliceSerialize` (`{ ...context, sliceSerialize }`). In Node 20 that spread is a slow copy: it
// was about 40 % of the time to turn a page's events into mdast, and much of the garbage. The fix makes the same
// object, a fresh one per event with the same properties in the same order, with a class constructor, which V8
// allocates inline. The trees that come out are the same.
//
// unist-util-visit-parents (mdast-util-to-hast walks every page's tree with it, to find link definitions): for every
// node it visits it renames the function it makes for the node, `node (paragraph)`, for stack traces, with a string
// built for the purpose and `Object.defineProperty`; that was most of the walk's time. The fix leaves the name as it is.
//
// micromark-util-subtokenize (micromark's pass that tokenizes the content inside paragraphs, headings and table cells):
// it records where the events of each piece of content end in a plain object with numeric keys, copied into the
// pass's own object with `Object.assign` after each piece. V8 keeps such objects as slow dictionaries, and the copy and
// the lookups were a fifth of tokenizing a page with tables. The fix keeps the same numbers in a Map, written directly
// by the piece's tokenizing; the events that come out are the same.
// The pass runs over the whole document again as long as its last run tokenized any content; the final run, which
// finds nothing left, reads every event once more (about 1.5 % of parsing a page). The fix runs it again only when the
// events of the content just tokenized hold more content to tokenize (a token with a content type) or the end of a
// container (whose line endings the pass moves; micromark's containers all belong to the document itself, so this one
// is a safeguard): the runs it drops are the ones that would change nothing.
//
// micromark (parse.js): every document combined the syntax extensions into one table of constructs anew. The fix
// keeps the table made for an array of extensions and uses it again for the next document with the same array (each
// wikigen parse passes the same one). The table is only read while tokenizing.
//
// hast-util-to-html (every page body, section by section): each element and each parent joined its pieces with an
// array's `join('')`, which copies the text of everything inside into a new string, so a page's text was copied once
// for every element it stands in (a code line in a span in code in pre in a div: five times). The fix adds the pieces
// up with `+`, which V8 keeps as a rope and copies once, when the HTML is read. A text node without `<` or `&` is
// returned as it is instead of being handed to stringify-entities, which makes two option objects and runs a regular
// expression that finds nothing to escape. Both were about 3 % of compiling a page; the HTML is the same.

/** The context the compiler builds once per document; its properties are copied into every event's context. */
const CONTEXT = /const context = \{\s*stack: \[tree\],\s*tokenStack: \[\],\s*config,\s*enter,\s*exit,\s*buffer,\s*resume,\s*data\s*\};?/
/** One event's context, as the compiler makes it (for the handler and for the enter and exit listeners). */
const SPREAD = /\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}/g

const HANDLER_CONTEXT = `
/** One event's handler context: the compiler's shared context and the event's \`sliceSerialize\` (see wikigen's scripts/library-patches.mjs). */
class HandlerContext {
  constructor(context, sliceSerialize) {
    this.stack = context.stack
    this.tokenStack = context.tokenStack
    this.config = context.config
    this.enter = context.enter
    this.exit = context.exit
    this.buffer = context.buffer
    this.resume = context.resume
    this.data = context.data
    this.sliceSerialize = sliceSerialize
  }
}
`

/** mdast-util-from-markdown's lib/index.js with the fix; throws when the code it replaces is not there. */
export function patchFromMarkdown(source) {
  const spreads = source.match(SPREAD)?.length ?? 0
  if (!CONTEXT.test(source) || spreads !== 3) {
    throw new Error(
      `mdast-util-from-markdown changed: expected its compile context and 3 spreads of it, found ${spreads}; see scripts/library-patches.mjs`,
    )
  }
  return `${source.replace(SPREAD, 'new HandlerContext(context, events[index][2].sliceSerialize)')}\n${HANDLER_CONTEXT}`
}

/** The renaming of each node's visit function, for stack traces. */
const RENAME =
  /Object\.defineProperty\(visit, 'name', \{\s*value:\s*'node \(' \+ color\(node\.type \+ \(name \? '<' \+ name \+ '>' : ''\)\) \+ '\)'\s*\}\)/g

/** unist-util-visit-parents' lib/index.js with the fix; throws when the code it replaces is not there. */
export function patchVisitParents(source) {
  const renames = source.match(RENAME)?.length ?? 0
  if (renames !== 1) {
    throw new Error(
      `unist-util-visit-parents changed: expected 1 renaming of its visit function, found ${renames}; see scripts/library-patches.mjs`,
    )
  }
  return source.replace(RENAME, 'void name')
}

/** The pieces of micromark-util-subtokenize's index.js the Map replaces, each expected once. */
const SUBTOKENIZE_EDITS = [
  ['const jumps = {};', 'const jumps = new Map();'],
  ['while (index in jumps) {\n      index = jumps[index];\n    }', 'while (jumps.has(index)) {\n      index = jumps.get(index);\n    }'],
  [
    'Object.assign(jumps, subcontent(events, index));\n        index = jumps[index];\n        more = true;',
    'if (subcontent(events, index, jumps)) more = true;\n        index = jumps.get(index);',
  ],
  ['function subcontent(events, eventIndex) {', 'function subcontent(events, eventIndex, gaps) {'],
  ['  const gaps = {};\n', '  let unfinished = false;\n'],
  [
    '  while (++index < childEvents.length) {\n    if (\n',
    '  while (++index < childEvents.length) {\n' +
      "    if (childEvents[index][0] === 'enter' ? childEvents[index][1].contentType : childEvents[index][1]._container) unfinished = true;\n" +
      '    if (\n',
  ],
  ['gaps[adjust + jumps[index][0]] = adjust + jumps[index][1];', 'gaps.set(adjust + jumps[index][0], adjust + jumps[index][1]);'],
  ['  return gaps;\n}', '  return unfinished;\n}'],
]

/** micromark-util-subtokenize's index.js with the fix; throws when the code it replaces is not there. */
export function patchSubtokenize(source) {
  return applyEdits('micromark-util-subtokenize', source, SUBTOKENIZE_EDITS)
}

const COMBINE =
  /const constructs = (\/\*\* @type \{FullNormalizedExtension\} \*\/\s*)?combineExtensions\(\[defaultConstructs, \.\.\.\(settings\.extensions \|\| \[\]\)\]\);/

/** micromark's lib/parse.js with the fix; throws when the code it replaces is not there. */
export function patchParse(source) {
  if (!COMBINE.test(source))
    throw new Error('micromark changed: expected parse() to combine its extensions; see scripts/library-patches.mjs')
  const memo = `
/** The combined constructs of each array of extensions (see wikigen's scripts/library-patches.mjs). */
const combined = new WeakMap();
function constructsOf(extensions) {
  if (!extensions) return combineExtensions([defaultConstructs]);
  let constructs = combined.get(extensions);
  if (!constructs) {
    constructs = combineExtensions([defaultConstructs, ...extensions]);
    combined.set(extensions, constructs);
  }
  return constructs;
}
`
  return `${source.replace(COMBINE, 'const constructs = constructsOf(settings.extensions);')}\n${memo}`
}

/** The pieces of hast-util-to-html's lib/index.js that join a parent's children, each expected once. */
const TO_HTML_ALL_EDITS = [
  ['  /** @type {Array<string>} */\n  const results = []\n  const children', "  let results = ''\n  const children"],
  ['    results[index] = this.one(children[index], index, parent)', '    results += this.one(children[index], index, parent)'],
  ["  return results.join('')", '  return results'],
]

/** The pieces of hast-util-to-html's lib/handle/element.js that join an element's tags and content, each expected once. */
const TO_HTML_ELEMENT_EDITS = [
  ['  const parts = []', "  let parts = ''"],
  [
    "    parts.push('<', node.tagName, attributes ? ' ' + attributes : '')",
    "    parts += '<' + node.tagName + (attributes ? ' ' + attributes : '')",
  ],
  ["        parts.push(' ')", "        parts += ' '"],
  ["      parts.push('/')", "      parts += '/'"],
  ["    parts.push('>')", "    parts += '>'"],
  ['  parts.push(content)', '  parts += content'],
  ["    parts.push('</' + node.tagName + '>')", "    parts += '</' + node.tagName + '>'"],
  ["  return parts.join('')", '  return parts'],
]

/** The escaping of a text node in hast-util-to-html's lib/handle/text.js, expected once. */
const TO_HTML_TEXT_EDITS = [
  [
    '    : stringifyEntities(\n        node.value,',
    "    : !node.value.includes('<') && !node.value.includes('&')\n      ? node.value\n      : stringifyEntities(\n        node.value,",
  ],
]

/** hast-util-to-html's lib/handle/text.js with the fix; throws when the code it replaces is not there. */
export function patchToHtmlText(source) {
  return applyEdits('hast-util-to-html', source, TO_HTML_TEXT_EDITS)
}

/** hast-util-to-html's lib/index.js with the fix; throws when the code it replaces is not there. */
export function patchToHtmlAll(source) {
  return applyEdits('hast-util-to-html', source, TO_HTML_ALL_EDITS)
}

/** hast-util-to-html's lib/handle/element.js with the fix; throws when the code it replaces is not there. */
export function patchToHtmlElement(source) {
  return applyEdits('hast-util-to-html', source, TO_HTML_ELEMENT_EDITS)
}

/** `source` with each `[from, to]` replaced; every `from` must occur exactly once. */
function applyEdits(library, source, edits) {
  let result = source
  for (const [from, to] of edits) {
    const count = result.split(from).length - 1
    if (count !== 1)
      throw new Error(`${library} changed: expected ${JSON.stringify(from)} once, found it ${count} times; see scripts/library-patches.mjs`)
    result = result.replace(from, () => to)
  }
  return result
}

const patches = [
  { file: /[\\/]micromark-util-subtokenize[\\/]index\.js$/, patch: patchSubtokenize },
  { file: /[\\/]micromark[\\/]lib[\\/]parse\.js$/, patch: patchParse },
  { file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/, patch: patchFromMarkdown },
  { file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/, patch: patchVisitParents },
  { file: /[\\/]hast-util-to-html[\\/]lib[\\/]index\.js$/, patch: patchToHtmlAll },
  { file: /[\\/]hast-util-to-html[\\/]lib[\\/]handle[\\/]element\.js$/, patch: patchToHtmlElement },
  { file: /[\\/]hast-util-to-html[\\/]lib[\\/]handle[\\/]text\.js$/, patch: patchToHtmlText },
]

/** The esbuild plugin that applies the fixes. */
export const libraryPatches = {
  name: 'library-patches',
  setup(build) {
    for (const { file, patch } of patches) {
      build.onLoad({ filter: file }, async (args) => {
        const { readFile } = await import('node:fs/promises')
        return { contents: patch(await readFile(args.path, 'utf8')), loader: 'js' }
      })
    }
  },
}
