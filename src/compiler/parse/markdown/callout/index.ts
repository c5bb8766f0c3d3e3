export { transformCallouts } from './transform.js'
export type { Callout } from './transform.js'
export { createCalloutHandler } from './to-hast.js'
