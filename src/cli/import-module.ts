/**
 * `import()` for the CLI. The bundled CLI runs from V8's code cache (bin/wikigen.js), and a script run that way
 * cannot call `import()` itself ("A dynamic import callback was not specified"), so its loader hands one in.
 */
type Importer = (specifier: string) => Promise<unknown>

let importer: Importer = (specifier) => import(specifier)

/** Sets the function that imports modules (bin/wikigen.js calls this before running a command). */
export function useImporter(importModule: Importer): void {
  importer = importModule
}

export function importModule<T>(specifier: string): Promise<T> {
  return importer(specifier) as Promise<T>
}
