export { renderTabGroup } from './to-hast.js'
