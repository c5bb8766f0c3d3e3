/**
 * The site's texts for the theme's components: the build renders the app inside a provider with the site's table
 * (src/shared/locales.ts); the browser hydrates islands inside one with the page's (src/client/labels.ts). Without a
 * provider, de-CH.
 */
import { createContext, useContext } from 'react'
import { labels as deCH, type Labels } from '../shared/labels.js'

export const LabelsContext = createContext<Labels>(deCH)

/** The texts of the site being rendered. */
export function useLabels(): Labels {
  return useContext(LabelsContext)
}
