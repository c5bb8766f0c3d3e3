/**
 * Every island component by name. The server renders them through <Island>; the client hydrates by name.
 * Adding an island: write the component in src/theme/, register it here, render it with <Island name=…>.
 */
import type { ComponentType } from 'react'
import { NavbarDropdown } from './NavbarDropdown.js'
import { SearchBox } from './SearchBox.js'

export const ISLANDS: Record<string, ComponentType<never>> = {
  NavbarDropdown: NavbarDropdown as ComponentType<never>,
  SearchBox: SearchBox as ComponentType<never>,
}
