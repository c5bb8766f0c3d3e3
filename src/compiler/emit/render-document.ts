/**
 * Renders one complete HTML document: the React theme through renderToString, inside the page template,
 * with the head tags of site and page, the stylesheet and the client scripts.
 */
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { App, type AppProps } from '../../theme/index.js'
import type { HeadTag } from '../config/config-schema.js'
import { escapeHtml } from '../html.js'
import { fillTemplate } from './template.js'
import { LABELS_SCRIPT_ID, type Labels } from '../../shared/labels.js'
import { clientLabelsOf } from '../../shared/locales.js'
import type { SlotName } from '../../shared/theme-slots.js'
import type { SlotRenderer } from './slot-render.js'

/** Hrefs of the built client files, base path included. */
export interface ClientAssets {
  styles: string[]
  /** Tiny blocking script that applies the colour mode before first paint. */
  headScript?: string
  /** The module entry of the hydrated client. */
  entry?: string
  /** KaTeX's stylesheet and fonts, linked only by routes that show math (emit/page-routes.ts). */
  math?: string
}

export interface DocumentInput extends AppProps {
  lang: string
  /** Full <title> text. */
  documentTitle: string
  description: string
  head: HeadTag[]
  assets: ClientAssets
  analytics?: { src: string; domain: string }
}

/**
 * The HTML of a page, ready to write. With `slots` (the site's theme slots, emit/slot-render.ts), the slots this page
 * shows are rendered first and placed by the theme; `frontmatter` is what their components receive.
 */
export function renderDocument(
  input: DocumentInput,
  slots?: { renderer: SlotRenderer; slug: string; frontmatter?: Record<string, unknown> },
): string {
  const slotHtml = slots && slotsOf(input, slots.renderer, slots.slug, slots.frontmatter ?? {})
  const app = renderToString(
    createElement(App, { site: input.site, page: input.page, bodyHtml: input.bodyHtml, ...(slotHtml ? { slots: slotHtml } : {}) }),
  )
  const head = [
    input.description ? `<meta name="description" content="${escapeHtml(input.description)}">` : '',
    ...input.head.map(renderHeadTag),
    ...input.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    input.assets.headScript ? `<script src="${escapeHtml(input.assets.headScript)}"></script>` : '',
    input.assets.entry ? `<script type="module" src="${escapeHtml(input.assets.entry)}"></script>` : '',
    input.analytics
      ? `<script defer data-domain="${escapeHtml(input.analytics.domain)}" src="${escapeHtml(input.analytics.src)}"></script>`
      : '',
  ].filter(Boolean)
  return fillTemplate('page', {
    lang: escapeHtml(input.lang),
    // the site's own default colour mode, which the head script applies until the reader chooses (client/head.ts)
    colorMode: input.site.colorMode ? ` data-color-mode="${input.site.colorMode}"` : '',
    title: escapeHtml(input.documentTitle),
    head: head.join('\n'),
    app,
    labels: labelsScriptOf(input.site.labels),
  })
}

/** The slots a page of this layout shows, rendered by their components. */
function slotsOf(input: DocumentInput, renderer: SlotRenderer, slug: string, frontmatter: Record<string, unknown>) {
  const { page, site } = input
  const names: SlotName[] = []
  if (page.navbar) names.push('headerEnd')
  if (page.layout === 'Home') names.push('homeHero')
  if (page.layout === 'Layout') names.push('pageTop', 'pageBottom')
  if (page.layout === 'NotFound') names.push('notFound')
  names.push('footer')
  return renderer.render(names, {
    page: { title: page.title, href: page.href, slug, layout: page.layout, frontmatter },
    site: { title: site.title, description: site.description, lang: input.lang, base: site.base },
    labels: site.labels,
  })
}

const labelsScripts = new WeakMap<Labels, string>()

/**
 * The texts of the browser scripts, as a JSON script after the app (src/client/labels.ts reads it): the scripts carry
 * none of their own.
 */
function labelsScriptOf(labels: Labels): string {
  let script = labelsScripts.get(labels)
  if (script === undefined) {
    const own = clientLabelsOf(labels)
    script =
      Object.keys(own).length === 0
        ? ''
        : `<script type="application/json" id="${LABELS_SCRIPT_ID}">${JSON.stringify(own).replace(/</g, '\\u003c')}</script>`
    labelsScripts.set(labels, script)
  }
  return script
}

const VOID_TAGS = new Set(['meta', 'link', 'base'])
const TAG_NAME = /^[a-z][a-z\d-]*$/i

/** One head tag from `[tag, attributes, content]`; names are checked, values escaped. */
export function renderHeadTag([tag, attributes, content]: HeadTag): string {
  if (!TAG_NAME.test(tag)) return ''
  const attrs = Object.entries(attributes)
    .filter(([name]) => TAG_NAME.test(name))
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(String(value))}"`))
    .join('')
  if (VOID_TAGS.has(tag.toLowerCase())) return `<${tag}${attrs}>`
  const inner =
    content === undefined
      ? ''
      : tag.toLowerCase() === 'script' || tag.toLowerCase() === 'style'
        ? content.replace(/<\//g, '<\\/')
        : escapeHtml(content)
  return `<${tag}${attrs}>${inner}</${tag}>`
}
