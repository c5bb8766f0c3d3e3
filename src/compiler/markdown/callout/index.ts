export { transformCallouts } from './transform.js'
export type { Callout } from './transform.js'
export { callout } from './to-hast.js'
