/**
 * Fills the HTML scaffolds in templates/ (markup only). Values are inserted as given: callers escape text.
 */
import pageTemplate from '../../../templates/page.html?raw'
import redirectTemplate from '../../../templates/redirect.html?raw'

export type TemplateName = 'page' | 'redirect'

const TEMPLATES: Record<TemplateName, string> = { page: pageTemplate, redirect: redirectTemplate }

/** Replaces every `{{name}}` in the named template with `values[name]` (missing values become ''). */
export function fillTemplate(name: TemplateName, values: Record<string, string>): string {
  return TEMPLATES[name].replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '')
}
