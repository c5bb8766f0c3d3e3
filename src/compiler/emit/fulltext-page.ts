/**
 * The full-text search page, `/suche.html?q=…` for German sites and `/search.html?q=…` for others, made for every site
 * that has no page of that name. The server renders a form that submits to the page itself (so it works, and is
 * linkable, with or without JavaScript) and the filters the site's pages allow; the client (src/client/fulltext.ts)
 * reads the query from the address and shows the results.
 */
import { escapeHtml } from '../html.js'
import type { Site } from '../link/link-site.js'
import { hrefOf } from '../paths.js'
import { siteLabels } from '../config/site-labels.js'
import { localeOf } from '../../shared/locales.js'

/** The slug of the search page in the site's language: 'suche' for German, 'search' for any other. */
export function fullTextSlug(lang: string): string {
  return localeOf(lang).searchSlug
}

/** The search page's href, or undefined when a page of the site has its URL. */
export function fullTextHref(site: Site): string | undefined {
  const slug = fullTextSlug(site.config.site.lang)
  return site.bySlug.has(slug) ? undefined : hrefOf(`${site.config.site.base}${slug}.html`)
}

/** The body of the search page: the form, a live region for the count, and the list the client fills. */
export function fullTextPageBody(site: Site, href: string): string {
  const labels = siteLabels(site.config)
  const distinct = (pick: (p: Site['pages'][number]) => string | undefined) =>
    [...new Set(site.pages.map(pick).filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b, 'de'))
  const select = (name: string, label: string, values: string[]) =>
    values.length < 2
      ? ''
      : `<label class="fulltext-filter">${escapeHtml(label)} <select name="${name}"><option value="">${escapeHtml(labels.fullTextAll)}</option>${values
          .map((v) => `<option value="${escapeHtml(v)}">${escapeHtml(v)}</option>`)
          .join('')}</select></label>`
  const filters =
    select(
      'section',
      labels.fullTextSection,
      distinct((p) => p.page.frontmatter.section),
    ) +
    select(
      'kind',
      labels.fullTextKind,
      distinct((p) => p.page.frontmatter.kind),
    )
  // the field and its button share the first line at every width; the filters, if any, the line below
  return [
    `<form class="fulltext-form" action="${escapeHtml(href)}" method="get" role="search" aria-label="${escapeHtml(labels.fullTextLandmark)}" data-fulltext="${escapeHtml(site.config.site.base)}">`,
    `<label class="sr-only" for="fulltext-query">${escapeHtml(labels.fullTextQuery)}</label>`,
    `<input id="fulltext-query" class="fulltext-query" type="search" name="q" autocomplete="off" spellcheck="false">`,
    `<button type="submit" class="fulltext-submit">${escapeHtml(labels.fullTextSubmit)}</button>`,
    filters === '' ? '' : `<div class="fulltext-filters">${filters}</div>`,
    `</form>`,
    `<p class="fulltext-status" role="status" aria-live="polite" aria-atomic="true"></p>`,
    `<ol class="fulltext-results"></ol>`,
    `<noscript><p>${escapeHtml(labels.fullTextNoScript)}</p></noscript>`,
  ].join('\n')
}
