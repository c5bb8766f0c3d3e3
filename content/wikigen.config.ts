import { defineConfig } from 'wikigen'

export default defineConfig({
  site: {
    lang: 'de-CH',
    title: 'Wiki Talwerk',
    timeZone: 'Europe/Zurich',
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
  search: {
    // words readers type for what the wiki calls otherwise: German and English, everyday and in-house
    synonyms: {
      Ferien: ['Urlaub', 'Abwesenheit', 'vacation', 'holiday'],
      Handy: ['Smartphone', 'Mobiltelefon', 'mobile Geräte'],
      Mitarbeitende: ['Mitarbeiter', 'Mitarbeiterin', 'MA', 'employee', 'staff'],
      'erster Arbeitstag': ['Onboarding', 'Eintritt'],
      Passwort: ['Kennwort', 'password'],
      Rechenzentrum: ['Zone', 'Datacenter', 'data center'],
      Wartungsfenster: ['maintenance window', 'Wartungsauftrag'],
      Mittagessen: ['Verpflegung', 'Mahlzeit', 'lunch'],
      'dry run': ['check mode', 'Testlauf'],
      Support: ['Helpdesk', 'Supportfall', 'Ticket'],
      Rechnung: ['invoice', 'Faktura'],
      Datensicherung: ['Backup'],
    },
  },
  analytics: { src: 'https://stats.talwerk.example/js/script.js', domain: 'wiki.talwerk.example' },
})
