// The addresses a prompt names: Gemini CLI's `web_fetch` takes no URL
// argument, only a prompt with the URLs written in it.

// What ends an address written in running text.
const ENDS: ReadonlySet<string> = new Set([' ', '\t', '\n', '\r', '\f', '\v', '"', "'", '<', '>', '(', ')', '[', ']', '{', '}', '`'])
// Punctuation that ends a sentence rather than the address.
const TRAILING: ReadonlySet<string> = new Set(['.', ',', ';', ':', '!', '?'])

// Where the next `http://` or `https://` starts at or after `from`, or -1.
function nextAddress(text: string, from: number): number {
  const http = text.indexOf('http://', from)
  const https = text.indexOf('https://', from)
  if (http === -1) return https
  if (https === -1) return http
  return Math.min(http, https)
}

/**
 * The `http://` and `https://` addresses written in a text, in order and
 * without repeats, each up to the first space, quote, bracket or backtick
 * and without a sentence's final punctuation. A plain loop: the text is
 * model-written and may be long.
 *
 * @example
 * promptUrls('Summarise https://a.com/x and (https://b.org).') // ['https://a.com/x', 'https://b.org']
 */
export function promptUrls(text: string): string[] {
  const urls = new Set<string>()
  let at = nextAddress(text, 0)
  while (at !== -1) {
    let end = at
    while (end < text.length && !ENDS.has(text[end])) end++
    let last = end
    while (last > at && TRAILING.has(text[last - 1])) last--
    const url = text.slice(at, last)
    const scheme = url.startsWith('https://') ? 8 : 7
    if (url.length > scheme) urls.add(url)
    at = nextAddress(text, Math.max(end, at + 1))
  }
  return [...urls]
}
