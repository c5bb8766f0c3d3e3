import { defineConfig } from 'wikigen'

export default defineConfig({
  site: {
    lang: 'de-CH',
    title: 'Wiki Talwerk',
    description: 'Die strukturierte Wissensdatenbank der Talwerk Systems GmbH',
    hostname: 'https://wiki.talwerk.example',
    head: [['link', { rel: 'icon', href: '/attachments/talwerk-logo.svg', type: 'image/svg+xml' }]],
  },
  theme: {
    logo: 'talwerk-logo.svg',
    logoDark: 'talwerk-logo-dark.svg',
    repo: 'https://git.talwerk.example/talwerk/wiki',
    repoLabel: 'GitLab',
    docsBranch: 'main',
    docsDir: 'content',
    editLink: false,
    // the properties a reader can use; kind, section, type and listen only sort pages into lists
    properties: ['owner', 'review', 'funktion', 'bereich', 'standort', 'chat', 'date'],
    navbar: [
      { text: 'Home', link: '/' },
      { text: 'Glossar', link: '/glossary' },
      { text: 'talwerk.example', link: 'https://talwerk.example', ariaLabel: 'Website der Talwerk Systems GmbH' },
      { text: 'Chat', link: 'https://chat.talwerk.example', ariaLabel: 'Chat der Talwerk Systems GmbH' },
    ],
  },
  analytics: { src: 'https://stats.talwerk.example/js/script.js', domain: 'wiki.talwerk.example' },
})
