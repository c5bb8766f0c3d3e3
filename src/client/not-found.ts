/** The 404 page shows one of the four messages at random once the client runs (spec §8). */
export function mount(root: HTMLElement): () => void {
  const message = root.querySelector<HTMLElement>('.not-found-message')
  if (message?.dataset.messages) {
    const messages = JSON.parse(message.dataset.messages) as string[]
    message.textContent = messages[Math.floor(Math.random() * messages.length)]
  }
  return () => {}
}
