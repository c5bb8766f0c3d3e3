export { groupContainers, CONTAINER_KINDS } from './transform.js'
export type { Container, ContainerKind, Tab, ContainerProblem } from './transform.js'
export { createContainerHandler } from './to-hast.js'
