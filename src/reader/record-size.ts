// The size of a record waiting to be written, estimated in one walk.

/** About how many code units a record holds: its strings, walked once without recursion (a log nests as deep as it likes). */
export function sizeOf(root: unknown): number {
  let size = 0
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value === 'string') size += value.length
    else if (typeof value !== 'object' || value === null) size += 8
    else if (Array.isArray(value)) {
      size += 8
      for (const item of value) stack.push(item)
    } else {
      size += 8
      for (const key in value) {
        size += key.length
        stack.push((value as Record<string, unknown>)[key])
      }
    }
  }
  return size
}
