/** A file of the built site, returned as data by an emitter and written by `writeOutput`. */
export type OutputFile =
  | {
      path: string
      contents: string | Uint8Array
      /** The name changes with the content: an equal file of the previous output is linked instead of written. */
      immutable?: boolean
      /**
       * The contents follow from the site's key (cache/route-keys.ts) alone: a warm build under the last build's key
       * links the file from the previous output without making them (cache/render-cache.ts `keepKeyedFiles`).
       */
      keyed?: true
    }
  | { path: string; copyFrom: string; /** The name changes with the content (hashed client files). */ immutable?: boolean }

/** A file whose contents are made when first read, once: a build that links it from the previous output never reads them. */
export function lazyFile(path: string, make: () => string): OutputFile & { keyed: true } {
  let contents: string | undefined
  return {
    path,
    keyed: true,
    get contents() {
      return (contents ??= make())
    },
  }
}
