/** (being written) */
export function mount(_root: HTMLElement): () => void {
  return () => {}
}
