import { accessibleName } from './accessible-name.js'
import { useEffect, useId, useRef, useState } from 'react'
import type { NavbarItem } from './props.js'
import { useLabels } from './labels-context.js'

export interface NavbarDropdownProps {
  item: NavbarItem
  /** Links of the children, prefix and base applied. */
  links: { text: string; href: string; external: boolean; active: boolean; ariaLabel?: string }[]
}

/**
 * A navbar item with children (spec §2.3, §4): the title button opens and closes the list; Escape, a click
 * outside or moving focus out closes it. On wide screens the list also opens on hover (CSS).
 */
export function NavbarDropdown({ item, links }: NavbarDropdownProps) {
  const labels = useLabels()
  const [open, setOpen] = useState(false)
  const wrapper = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])
  return (
    <div
      ref={wrapper}
      className={`navbar-item navbar-dropdown-wrapper${open ? ' open' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false)
          wrapper.current?.querySelector('button')?.focus()
        }
      }}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        type="button"
        className="navbar-dropdown-title"
        aria-label={item.ariaLabel ?? item.text}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span>{item.text}</span>
        <span className="arrow" aria-hidden="true" />
      </button>
      <ul className="navbar-dropdown" id={id}>
        {links.map((link) => (
          <li key={link.href} className="navbar-dropdown-item">
            {link.external ? (
              <a
                href={link.href}
                className="external"
                target="_blank"
                rel="noopener noreferrer"
                aria-label={accessibleName(link.text, link.ariaLabel)}
                onClick={() => setOpen(false)}
              >
                {link.text}
                <span className="external-link-icon">
                  <span className="sr-only"> ({labels.openInNewWindow})</span>
                </span>
              </a>
            ) : (
              <a
                href={link.href}
                aria-label={accessibleName(link.text, link.ariaLabel)}
                className={link.active ? 'active' : undefined}
                aria-current={link.active ? 'page' : undefined}
                onClick={() => setOpen(false)}
              >
                {link.text}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
