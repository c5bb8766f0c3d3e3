import { SLOT_CLIENT_ATTRIBUTE, type SlotHtml, type SlotName } from '../shared/theme-slots.js'

/**
 * A theme slot's place (config `theme.slots`): the HTML its component rendered at build time, and the href of its
 * browser module when it has one (src/client/slot-islands.ts runs it with this element). Nothing without a slot.
 */
export function Slot({ name, slot }: { name: SlotName; slot: SlotHtml | undefined }) {
  if (!slot) return null
  const attributes = slot.client ? { [SLOT_CLIENT_ATTRIBUTE]: slot.client } : {}
  return <div className={`wikigen-slot slot-${name}`} data-slot={name} {...attributes} dangerouslySetInnerHTML={{ __html: slot.html }} />
}
