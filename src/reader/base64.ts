// ACP v2 terminal output travels as base64 of UTF-8 bytes.

const decoder = new TextDecoder('utf-8', { fatal: false })
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** The UTF-8 text of base64 `data` (invalid bytes become U+FFFD); `undefined` when it is not base64. */
export function base64Utf8(data: string): string | undefined {
  if (!BASE64.test(data) || data.length % 4 === 1) return undefined
  const binary = atob(data)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return decoder.decode(bytes)
}
