import type { ComponentType } from 'react'

/**
 * An interactive part of the server-rendered page. The server renders the component inside a container that
 * carries its name and props; the client hydrates exactly these containers with the same component
 * (see src/client/islands.ts), and everything around them stays plain server HTML.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  )
}
