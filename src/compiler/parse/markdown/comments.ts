/**
 * Obsidian comments: text between `%%` and `%%`, inline or over several lines, is for authors only and never reaches
 * the site. Removed before parsing, with the line breaks inside kept, so every position after a comment still names
 * the author's line. Code spans and fenced code keep their `%%`.
 *
 *     Sichtbar %%nur für uns%% weiter     → Sichtbar  weiter
 *     %%                                  → (an empty line)
 *     Entwurf, noch nicht freigegeben     → (an empty line)
 *     %%                                  → (an empty line)
 *
 * As in Obsidian, a `%%` that is never closed hides the rest of the page; it is reported. `\\%%` is a literal `%%`.
 */

export interface CommentResult {
  text: string
  /** Line of a `%%` that is never closed, if any. */
  unclosedLine?: number
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/

export function stripComments(text: string): CommentResult {
  if (!text.includes('%%')) return { text }
  let out = ''
  let line = 1
  let inComment = false
  let commentLine = 0
  let fence: string | undefined
  let i = 0
  while (i < text.length) {
    const lineEnd = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i)
    const lineText = text.slice(i, lineEnd)
    if (!inComment) {
      const fenceMatch = FENCE.exec(lineText)
      if (fence) {
        if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) fence = undefined
        out += text.slice(i, lineEnd + 1)
        i = lineEnd + 1
        line++
        continue
      }
      if (fenceMatch) {
        fence = fenceMatch[1]
        out += text.slice(i, lineEnd + 1)
        i = lineEnd + 1
        line++
        continue
      }
    }
    // within one line: code spans, comment starts and ends
    let j = i
    while (j < lineEnd) {
      if (inComment) {
        const close = text.indexOf('%%', j)
        if (close === -1 || close >= lineEnd) {
          j = lineEnd
          break
        }
        inComment = false
        j = close + 2
        continue
      }
      const char = text[j]
      if (char === '\\' && text[j + 1] === '%') {
        // an escaped percent sign opens no comment
        out += text.slice(j, j + 2)
        j += 2
        continue
      }
      if (char === '`') {
        let run = 1
        while (text[j + run] === '`') run++
        const closing = text.indexOf('`'.repeat(run), j + run)
        const end = closing === -1 || closing >= lineEnd ? j + run : closing + run
        out += text.slice(j, end)
        j = end
        continue
      }
      if (char === '%' && text[j + 1] === '%') {
        inComment = true
        commentLine = line
        j += 2
        continue
      }
      out += char
      j++
    }
    if (lineEnd < text.length) out += '\n'
    i = lineEnd + 1
    line++
  }
  return inComment ? { text: out, unclosedLine: commentLine } : { text: out }
}
