/**
 * The links of a page's meta footer to its source: the edit link into the repository (VuePress's editLink,
 * editLinkPattern, docsRepo, docsBranch, docsDir) and, for staff sites, the link that opens the note in Obsidian.
 *
 *     repo 'https://github.com/talwerk/wiki', docsDir 'content', page 'Odoo/Über Odoo.md'
 *       → https://github.com/talwerk/wiki/edit/main/content/Odoo/%C3%9Cber%20Odoo.md
 *     obsidianLink { vault: 'Talwerk Wiki' }, same page
 *       → obsidian://open?vault=Talwerk%20Wiki&file=Odoo%2F%C3%9Cber%20Odoo
 */
import type { ResolvedConfig } from '../config/config.js'
import type { Diagnostic } from '../diagnostics.js'
import type { SourcePath } from '../paths.js'

/** The hosts whose edit URL is known, as VuePress knows them, plus Gitea (and Forgejo, Codeberg). */
export type RepoHost = 'GitHub' | 'GitLab' | 'Gitee' | 'Bitbucket' | 'Gitea'

/** The edit URL of a file on each host; :branch may appear twice (Bitbucket). */
export const EDIT_LINK_PATTERNS: Record<RepoHost, string> = {
  GitHub: ':repo/edit/:branch/:path',
  GitLab: ':repo/-/edit/:branch/:path',
  Gitee: ':repo/edit/:branch/:path',
  Bitbucket: ':repo/src/:branch/:path?mode=edit&spa=0&at=:branch&fileviewer=file-view-default',
  Gitea: ':repo/_edit/:branch/:path',
}

const HOSTS: [RegExp, RepoHost][] = [
  [/github/i, 'GitHub'],
  [/gitlab/i, 'GitLab'],
  [/gitee/i, 'Gitee'],
  [/bitbucket/i, 'Bitbucket'],
  [/gitea|forgejo|codeberg/i, 'Gitea'],
]

/**
 * The repository URL of a config value: a URL without a trailing slash or `.git`, or, for VuePress's short form
 * 'owner/name', the GitHub URL.
 */
export function repoUrlOf(repo: string): string {
  const trimmed = repo
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
  return /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://github.com/${trimmed.replace(/^\/+/, '')}`
}

/**
 * Which host a repository is on: from the URL's host name, else from the label the site gives it (a GitLab of the
 * company's own at git.example.com is labelled 'GitLab'); undefined when neither tells.
 */
export function repoHostOf(repo: string, label?: string): RepoHost | undefined {
  const host = /^[a-z][a-z\d+.-]*:\/\/([^/]+)/i.exec(repoUrlOf(repo))?.[1] ?? ''
  for (const [pattern, name] of HOSTS) if (pattern.test(host)) return name
  for (const [pattern, name] of HOSTS) if (label && pattern.test(label)) return name
  return undefined
}

/** The page as its front matter switches the links: `editLink: false` turns off both. */
interface PageSource {
  sourcePath: SourcePath
  frontmatter: { editLink: boolean; editLinkPattern?: string }
}

/**
 * The edit link of a page, or undefined when edit links are off (theme or front matter), there is no repository, or
 * its host has no known pattern and none is configured. Each path segment is percent-encoded, so umlauts, spaces
 * and '#' in file names survive.
 */
export function editLinkOf(config: ResolvedConfig, page: PageSource): string | undefined {
  const { theme } = config
  const repo = theme.docsRepo ?? theme.repo
  if (!theme.editLink || !page.frontmatter.editLink || !repo) return undefined
  const host = repoHostOf(repo, theme.docsRepo ? undefined : theme.repoLabel)
  const pattern = page.frontmatter.editLinkPattern ?? theme.editLinkPattern ?? (host && EDIT_LINK_PATTERNS[host])
  if (!pattern) return undefined
  const dir = theme.docsDir.replace(/^(\.\/)+/, '').replace(/^\/+|\/+$/g, '')
  const path = [...(dir ? dir.split('/') : []), ...page.sourcePath.split('/')].map(encodeURIComponent).join('/')
  const values: Record<string, string> = { repo: repoUrlOf(repo), branch: encodeURI(theme.docsBranch), path }
  // one pass, so a value that happens to hold ':path' is not replaced again
  return pattern.replace(/:(repo|branch|path)\b/g, (_, name: string) => values[name])
}

/**
 * The obsidian:// URL that opens the page's note in the vault, or undefined when `theme.obsidianLink` is off or names
 * no vault. Obsidian wants both values percent-encoded ('/' as %2F) and a note's path without '.md'; other files
 * (.canvas, .base) keep their extension.
 */
export function obsidianLinkOf(config: ResolvedConfig, page: PageSource): string | undefined {
  const option = config.theme.obsidianLink
  if (typeof option !== 'object' || !page.frontmatter.editLink) return undefined
  const file = page.sourcePath.replace(/\.md$/i, '')
  return `obsidian://open?vault=${encodeURIComponent(option.vault)}&file=${encodeURIComponent(file)}`
}

/**
 * What keeps the configured links from showing on any page: edit links on, but no repository or no pattern for
 * its host; `obsidianLink: true` where the content folder's name is unknown.
 */
export function sourceLinkProblems(config: ResolvedConfig): Diagnostic[] {
  const { theme } = config
  const file = 'wikigen.config.ts' as SourcePath
  const problem = (message: string, hint: string): Diagnostic => ({
    severity: 'warning',
    code: 'bad-config',
    file,
    line: 0,
    column: 0,
    message,
    hint,
  })
  const problems: Diagnostic[] = []
  const repo = theme.docsRepo ?? theme.repo
  if (theme.editLink && !repo) {
    problems.push(
      problem(
        'theme.editLink is on, but there is no repository to edit in',
        'Set theme.repo (or theme.docsRepo) to the URL of the repository.',
      ),
    )
  } else if (theme.editLink && repo && !theme.editLinkPattern && !repoHostOf(repo, theme.docsRepo ? undefined : theme.repoLabel)) {
    problems.push(
      problem(
        `theme.editLink is on, but the edit URL of ${JSON.stringify(repo)} is not known`,
        `Set theme.editLinkPattern, e.g. "${EDIT_LINK_PATTERNS.GitLab}" for GitLab, or theme.repoLabel to the kind of server (GitHub, GitLab, Gitea, …).`,
      ),
    )
  }
  if (theme.obsidianLink === true)
    problems.push(
      problem('theme.obsidianLink is true, but the content folder has no name', 'Name the vault: obsidianLink: { vault: "Name" }.'),
    )
  return problems
}
