/**
 * The `wikigen` module, what a site's `wikigen.config.ts` imports: `defineConfig` and the config's types. Bundled to
 * lib/index.js with the types of lib/index.d.ts (made from the schema by config-declarations.ts), so it stays free of
 * the schema library and of everything else the CLI carries.
 */
export { defineConfig } from './compiler/config/config.js'
export type { NavbarItem, SidebarItem, UserConfig } from './compiler/config/config.js'
