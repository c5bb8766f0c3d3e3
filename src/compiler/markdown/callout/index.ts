export { transformCallouts } from './transform.js'
export type { Callout } from './transform.js'
