/**
 * How much a storefront may send as a Vorexy session's `data`: a payer, a card token and the
 * installments fit in a few hundred bytes. Anything far larger is refused before it is read field
 * by field, stored on the session or logged. Walked with an early stop, never serialised whole.
 */
export const MAX_DATA_CHARACTERS = 16_384
export const MAX_DATA_VALUES = 256

/** True when the data holds more than MAX_DATA_CHARACTERS of keys and text, or too many values. */
export function exceedsDataLimit(data: unknown): boolean {
  let characters = 0
  let values = 0
  const stack: unknown[] = [data]
  while (stack.length) {
    const value = stack.pop()
    if (++values > MAX_DATA_VALUES) return true
    if (typeof value === "string") characters += value.length
    else if (typeof value === "number" || typeof value === "boolean") characters += 8
    else if (Array.isArray(value)) stack.push(...value.slice(0, MAX_DATA_VALUES + 1))
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        characters += key.length
        stack.push(inner)
        if (stack.length > MAX_DATA_VALUES) return true
      }
    }
    if (characters > MAX_DATA_CHARACTERS) return true
  }
  return false
}
