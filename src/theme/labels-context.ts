/**
 * The site's texts for the theme's components: the build renders the app inside a provider with the site's table
 * (src/shared/locales.ts); the browser hydrates islands inside one with the page's (src/client/labels.ts). There is no
 * default: a language the component was not given would reach the browser in every bundle.
 */
import { createContext, useContext } from 'react'
import type { Labels } from '../shared/labels.js'

export const LabelsContext = createContext<Labels | undefined>(undefined)

/** The texts of the site being rendered. */
export function useLabels(): Labels {
  const labels = useContext(LabelsContext)
  if (!labels) throw new Error('a theme component was rendered outside LabelsContext: render it inside the app or give it the labels')
  return labels
}
