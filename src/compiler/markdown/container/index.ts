export { groupContainers, CONTAINER_KINDS } from './transform.js'
export type { Container, ContainerKind, Tab, ContainerProblem } from './transform.js'
