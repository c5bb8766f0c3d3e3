/** A file of the built site, returned as data by an emitter and written by `writeOutput`. */
export type OutputFile =
  | { path: string; contents: string | Uint8Array }
  | { path: string; copyFrom: string; /** The name changes with the content (hashed client files). */ immutable?: boolean }
