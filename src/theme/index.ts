/**
 * The theme as the compiler sees it: the root component it renders to HTML and the props it passes. Everything else
 * in this folder is the theme's own business (scripts/check-layers.mjs keeps it that way).
 */
export { App, type AppProps } from './App.js'
export * from './props.js'
