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

const patches = [
  { file: /[\\/]mdast-util-from-markdown[\\/]lib[\\/]index\.js$/, patch: patchFromMarkdown },
  { file: /[\\/]unist-util-visit-parents[\\/]lib[\\/]index\.js$/, patch: patchVisitParents },
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
