/**
 * The CI pipelines `wikigen init --ci github|gitlab` writes: the ones docs/deploy.md explains, for the project's own
 * content folder and output folder. Each clones the whole history (last-updated dates come from git log), installs
 * the project with `npm ci`, keeps wikigen's build cache (`.wikigen/cache` in the folder the build runs in, see
 * compiler/cache/site-key.ts `stateDirOf`) and the previous output between runs, checks the links, builds with
 * `--strict` under the path the host serves the site at, and deploys to the host's Pages.
 */
import { execFileSync } from 'node:child_process'

/** The CI services `init --ci` writes a pipeline for. */
export const CI_HOSTS = ['github', 'gitlab'] as const
export type CiHost = (typeof CI_HOSTS)[number]

export interface CiPipeline {
  /** Where the file goes, from the project's root (the working directory). */
  path: string
  text: string
  /** What the pipeline does, for the line `init` prints. */
  summary: string
  /** What the team still has to do on the host, printed after it. */
  todo: string
}

export interface CiPipelineOptions {
  /** The content folder from the project's root, as a POSIX path (`content`, `docs/wiki`, `.`). */
  root: string
  /** The output folder from the project's root (GitHub only: GitLab Pages publishes `public`). */
  out: string
  /** The branch deployed on GitHub (GitLab names its default branch itself). */
  branch: string
}

/** The pipeline for `host`. */
export function ciPipelineOf(host: CiHost, options: CiPipelineOptions): CiPipeline {
  return host === 'github' ? githubWorkflow(options) : gitlabPipeline(options)
}

/**
 * The branch a GitHub workflow deploys from: the remote's default branch as the clone knows it (`origin/HEAD`), else
 * `main`, GitHub's default for new repositories.
 */
export function defaultBranchOf(cwd: string): string {
  try {
    const ref = execFileSync('git', ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    const branch = ref.replace(/^origin\//, '')
    if (/^[\w./-]+$/.test(branch)) return branch
  } catch {
    // no git, no repository or no remote: the usual name
  }
  return 'main'
}

function githubWorkflow({ root, out, branch }: CiPipelineOptions): CiPipeline {
  const path = '.github/workflows/wiki.yml'
  const rootArg = shellWord(root)
  const text = `# ${path}
name: Wiki

on:
  push:
    branches: [${yamlScalar(branch)}]
  pull_request:
  workflow_dispatch:

permissions:
  contents: read

# one deployment at a time; a newer run waits instead of cancelling one that is publishing
concurrency:
  group: pages-\${{ github.ref }}
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pages: read # configure-pages reads the address the site is published at
    env:
      FORCE_COLOR: '1'
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0 # the whole history: last-updated dates and contributors come from git log

      - uses: actions/setup-node@v4
        with:
          node-version: 20
          cache: npm

      - run: npm ci

      # a new cache entry per run (caches cannot be overwritten), restored from the newest one
      - uses: actions/cache@v4
        with:
          path: |
            .wikigen/cache
            ${out}
          key: wikigen-\${{ runner.os }}-\${{ github.sha }}
          restore-keys: |
            wikigen-\${{ runner.os }}-

      # the path the site is served under: /<repository> for project pages, nothing with a domain of its own
      - id: pages
        if: github.event_name != 'pull_request'
        uses: actions/configure-pages@v5

      - name: Check links
        run: ${yamlScalar(`npx wikigen check-links --root ${rootArg}`)}

      - name: Build
        run: ${yamlScalar(`npx wikigen build --root ${rootArg} --out ${shellWord(out)} --strict --base "\${{ steps.pages.outputs.base_path }}/"`)}

      - uses: actions/upload-pages-artifact@v3
        if: github.event_name != 'pull_request'
        with:
          path: ${yamlScalar(out)}

  deploy:
    if: ${yamlScalar(`github.event_name != 'pull_request' && github.ref == 'refs/heads/${branch}'`)}
    needs: build
    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    environment:
      name: github-pages
      url: \${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v4
`
  return {
    path,
    text,
    summary: `checks links, builds with --strict and deploys to GitHub Pages from ${branch}`,
    todo: 'switch on GitHub Pages once: Settings → Pages → Source: GitHub Actions',
  }
}

function gitlabPipeline({ root }: CiPipelineOptions): CiPipeline {
  const path = '.gitlab-ci.yml'
  const rootArg = shellWord(root)
  const text = `# ${path}
image: node:20

variables:
  GIT_DEPTH: "0" # the whole history: last-updated dates and contributors come from git log
  FORCE_COLOR: "1"
  npm_config_cache: "$CI_PROJECT_DIR/.npm"

# one cache for every branch: a merge request's first build starts from the main branch's pages
cache:
  key: wikigen
  paths:
    - .npm/
    - .wikigen/cache/
    - public/

stages:
  - test
  - deploy

default:
  before_script:
    - npm ci --prefer-offline

check-links:
  stage: test
  script:
    - ${yamlScalar(`npx wikigen check-links --root ${rootArg}`)}

pages:
  stage: deploy
  script:
    # the path the site is served under, from its address: / with GitLab's unique domains, /<project>/ without
    - PAGES_BASE="/$(echo "$CI_PAGES_URL" | cut -d/ -f4-)"
    - ${yamlScalar(`npx wikigen build --root ${rootArg} --out public --strict --base "\${PAGES_BASE%/}/"`)}
  artifacts:
    paths:
      - public
  rules:
    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH
`
  return {
    path,
    text,
    summary: 'checks links, builds with --strict and deploys to GitLab Pages from the default branch',
    todo: "the job named pages publishes public/; Deploy → Pages shows the site's address after the first run",
  }
}

/** A path as one word for a POSIX shell, quoted only when it needs to be. */
export function shellWord(value: string): string {
  return /^[\w./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`
}

/**
 * A one-line string as a YAML scalar: as it is where YAML reads it back unchanged (a command line, a folder), else in
 * double quotes (JSON's, which YAML reads alike): `Notizen: 2024` or a leading quote would otherwise change its meaning.
 */
export function yamlScalar(value: string): string {
  const plain =
    !/^[\s\-?:,[\]{}#&*!|>'"%@`]/.test(value) &&
    !/: |:$| #|[\t\n\r]|\s$/.test(value) &&
    !/^(true|false|null|~|[\d.+-][\d.eE+-]*)$/i.test(value)
  return plain ? value : JSON.stringify(value)
}
