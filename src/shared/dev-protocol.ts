/**
 * What the `wikigen dev` server tells the pages it serves, over server-sent events: one `update` event after each
 * rebuild (and one when a page connects), read by src/client/dev-client.ts.
 */

/**
 * The dev server's own paths, under the site's base path (`/__wikigen/…`, or `/wiki/__wikigen/…` for the base
 * `/wiki/`), so a proxy that forwards only the base reaches them too. The live-update script finds the stream next to
 * itself.
 */
export const DEV_DIR = '__wikigen/'
/** The stream of updates, relative to DEV_DIR. */
export const DEV_EVENTS_FILE = 'events'
/** The live-update script the dev server adds to every page it serves, relative to DEV_DIR. */
export const DEV_CLIENT_FILE = 'dev-client.js'
/** The name of the event carrying a DevUpdateMessage. */
export const DEV_UPDATE_EVENT = 'update'

/** A content error as the overlay shows it, with the file named as on the terminal. */
export interface DevProblem {
  file: string
  line: number
  column: number
  message: string
  hint?: string
}

/** One rebuild's outcome. */
export interface DevUpdateMessage {
  /** Routes (hrefs) whose HTML changed: an open page among them swaps in its new HTML. */
  routes: string[]
  /** Routes that no longer exist: an open page among them reloads. */
  removed: string[]
  /** Every error the site has now; an empty list closes the overlay. */
  problems: DevProblem[]
  /** Set when the configuration or the language the notes tell changed: every page reloads. */
  reload?: boolean
  /** The overlay's texts in the site's language. */
  labels: DevOverlayLabels
}

/** The texts of the error overlay, from the site's label table. */
export interface DevOverlayLabels {
  /** The overlay's accessible name. */
  problems: string
  close: string
  /** The line before a problem's hint, with `{hint}` in it. */
  hint: string
}

/** The server-sent event for a message. */
export function formatDevEvent(message: DevUpdateMessage): string {
  return `event: ${DEV_UPDATE_EVENT}\ndata: ${JSON.stringify(message)}\n\n`
}
