/**
 * The accessible name of a link whose config gives one (`ariaLabel`): it must contain the visible text (WCAG 2.5.3,
 * label in name: people who control the page by voice say what they see), so a name without it gets it in front.
 *
 *     ('talwerk.example', 'Website der Talwerk Systems GmbH') → 'talwerk.example: Website der Talwerk Systems GmbH'
 */
export function accessibleName(visible: string, ariaLabel: string | undefined): string | undefined {
  if (!ariaLabel) return undefined
  return ariaLabel.toLowerCase().includes(visible.trim().toLowerCase()) ? ariaLabel : `${visible.trim()}: ${ariaLabel}`
}
