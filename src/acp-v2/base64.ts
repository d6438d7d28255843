// Text as the base64 of its UTF-8 bytes, for ACP v2 terminal output. No
// Buffer, no btoa, no TextEncoder: two tight passes, so it runs the same in
// Node.js and in a browser.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
// The alphabet by character code, so each output character is one lookup.
const CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0))
const PAD = 61 // '='
// How many output characters go into one `String.fromCharCode` call: well
// below any engine's argument limit.
const BATCH = 8192

// The UTF-8 bytes of `text` (a lone surrogate as U+FFFD) and their count.
function utf8(text: string): { bytes: Uint8Array; length: number } {
  const bytes = new Uint8Array(text.length * 3)
  let at = 0
  for (let index = 0; index < text.length; index++) {
    let code = text.charCodeAt(index)
    if (code < 0x80) {
      bytes[at++] = code
    } else if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6)
      bytes[at++] = 0x80 | (code & 63)
    } else {
      if (code >= 0xd800 && code <= 0xdfff) {
        const next = text.charCodeAt(index + 1)
        if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00)
          index++
          bytes[at++] = 0xf0 | (code >> 18)
          bytes[at++] = 0x80 | ((code >> 12) & 63)
          bytes[at++] = 0x80 | ((code >> 6) & 63)
          bytes[at++] = 0x80 | (code & 63)
          continue
        }
        code = 0xfffd
      }
      bytes[at++] = 0xe0 | (code >> 12)
      bytes[at++] = 0x80 | ((code >> 6) & 63)
      bytes[at++] = 0x80 | (code & 63)
    }
  }
  return { bytes, length: at }
}

/**
 * The RFC 4648 base64 (standard alphabet, with `=` padding) of the UTF-8
 * bytes of `text`. A lone UTF-16 surrogate is encoded as U+FFFD, as
 * `TextEncoder` would. Linear time; every call is independent, as ACP v2's
 * `terminal_output_chunk` requires (each chunk is decoded on its own).
 *
 * @example
 * utf8ToBase64('ok\n') // 'b2sK'
 * utf8ToBase64('✓') // '4pyT'
 */
export function utf8ToBase64(text: string): string {
  const { bytes, length } = utf8(text)
  const parts: string[] = []
  // Character codes in a plain array: `String.fromCharCode.apply` is far
  // faster on one than on a typed array.
  const codes: number[] = []
  let index = 0
  for (; index + 2 < length; index += 3) {
    const group = (bytes[index] << 16) | (bytes[index + 1] << 8) | bytes[index + 2]
    codes.push(CODES[group >>> 18], CODES[(group >>> 12) & 63], CODES[(group >>> 6) & 63], CODES[group & 63])
    if (codes.length >= BATCH) {
      parts.push(String.fromCharCode.apply(null, codes))
      codes.length = 0
    }
  }
  if (length - index === 1) {
    const byte = bytes[index]
    codes.push(CODES[byte >>> 2], CODES[(byte & 3) << 4], PAD, PAD)
  } else if (length - index === 2) {
    const group = (bytes[index] << 8) | bytes[index + 1]
    codes.push(CODES[group >>> 10], CODES[(group >>> 4) & 63], CODES[(group & 15) << 2], PAD)
  }
  parts.push(String.fromCharCode.apply(null, codes))
  return parts.length === 1 ? parts[0] : parts.join('')
}
