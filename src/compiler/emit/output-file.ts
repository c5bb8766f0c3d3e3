/** A file of the built site, returned as data by an emitter and written by `writeOutput`. */
export type OutputFile =
  | {
      path: string
      contents: string | Uint8Array
      /** The name changes with the content: an equal file of the previous output is linked instead of written. */
      immutable?: boolean
    }
  | { path: string; copyFrom: string; /** The name changes with the content (hashed client files). */ immutable?: boolean }
