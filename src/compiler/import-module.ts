/**
 * `import()` of a module outside the bundle (esbuild, a bundled config). The CLI runs as a script from V8's code cache
 * (src/cli/launch.ts), and such a script cannot call `import()` itself: Node 20 refuses without an experimental flag.
 * The launcher hands in its own `import()`; everywhere else (the workers, the tests) the default below is used.
 */
type Importer = (specifier: string) => Promise<unknown>

let importer: Importer = (specifier) => import(specifier)

/** Sets the function that imports modules; the launcher calls this before any command runs. */
export function useImporter(importModule: Importer): void {
  importer = importModule
}

/** `import(specifier)` through the importer in use. */
export function importModule<T>(specifier: string): Promise<T> {
  return importer(specifier) as Promise<T>
}
