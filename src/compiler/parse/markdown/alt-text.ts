/**
 * The text of an image for readers who cannot see it. Obsidian fills it with the file's name when an author gives
 * none (`![[talwerk-logo.svg]]`), and a screen reader reading out "talwerk minus logo dot s v g" helps nobody: a
 * text that is only the file's name becomes the image's caption (a Markdown image's title) or, without one, empty,
 * which marks the image as adding nothing the text does not say. A name a person would write stays ("Logo").
 */

const IMAGE_FILE = /\.(png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?)$/i
/** Names cameras, phones and screenshot tools give: IMG_2041, DSC01234, Bildschirmfoto 2024-05-01 um 10.12.33. */
const MACHINE_NAME = /^(img|dsc|dscn|pxl|screenshot|screen shot|bildschirmfoto|pasted image|capture|image|scan|photo|foto)[\s_-]*\d/i

/** True when `text` is the name of the image file `file` rather than a description of the image. */
export function isFileName(text: string, file: string): boolean {
  const value = text.trim()
  if (value === '') return false
  if (IMAGE_FILE.test(value)) return true
  const name = file.replace(/[?#].*$/, '').replace(/^.*\//, '')
  const stem = name.replace(/\.[^.]+$/, '')
  if (value === name) return true
  if (value.toLowerCase() !== stem.toLowerCase()) return MACHINE_NAME.test(value)
  // the file's own stem: a name with separators instead of spaces, or many digits, was made for a folder, not a reader
  return (!/\s/.test(value) && /[-_.]/.test(value)) || (value.match(/\d/g)?.length ?? 0) >= 6 || MACHINE_NAME.test(value)
}

/** The alternative text of the image `file`: the author's, unless that is just the file's name (see above). */
export function altText(text: string | undefined, file: string, caption?: string): string {
  const value = text ?? ''
  if (!isFileName(value, file)) return value
  return caption && !isFileName(caption, file) ? caption : ''
}
