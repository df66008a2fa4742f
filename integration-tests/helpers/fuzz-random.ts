/**
 * Seeded junk for the fuzz spec (integration-tests/http/fuzz.spec.ts): the same seed gives the
 * same requests, so a failure replays with FUZZ_SEED.
 */

export type Rng = {
  next(): number
  int(min: number, max: number): number
  chance(p: number): boolean
  pick<T>(items: readonly T[]): T
}

/** mulberry32: small, fast, good enough to pick junk. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, int, chance: (p) => next() < p, pick: (items) => items[int(0, items.length - 1)] }
}

const TEXT_PIECES = [
  ...["a", "vorexy", "paid", "ção", "日本", "🎉", " ", "\n", "\t", "0", "-1", "null", "true"],
  ...["\u0000", "\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\u2028", "\ufffe"],
  ...["\uffff", "\u0001", "\u001f", '"', "\\", "'", "<b>", "%00", "${x}", "__proto__", "' --"],
]

/** Short text with NUL, lone surrogates, controls and quotes mixed in; sometimes a few kB. */
export function junkText(r: Rng, mayBeLong = true): string {
  const text = Array.from({ length: r.int(0, 6) }, () => r.pick(TEXT_PIECES)).join("")
  return mayBeLong && r.chance(0.03) ? text.repeat(r.int(50, 500)) : text
}

/** Emitted verbatim by toJsonText: numbers JSON.stringify cannot write, and non-JSON tokens. */
export class RawJson {
  constructor(readonly text: string) {}
}

const NUMBER_TEXTS = [
  ...["1e309", "-1e309", "-0", "0.0", "1e-400", "123456789012345678901234567890"],
  ...["9007199254740993", "NaN", "Infinity", "-Infinity", "0x10", "01", "1.", ".5", "+1"],
]

export const JUNK_KEYS = [
  ...["amount", "amount_reais", "description", "metadata", "pix_key", "pix_key_type"],
  ...["request_id", "transactionId", "withdrawId", "withdrawalId", "id", "status", "type"],
  ...["object", "data", "__proto__", "constructor", "prototype", "toString", "valueOf", ""],
  ...["hasOwnProperty", "\u0000", "\ud800", "a.b", "$where", "0"],
]

/** A random JSON value of every type (as a tree; RawJson leaves may make its text invalid). */
export function junkValue(r: Rng, depth = 0): unknown {
  // From depth 6 on, scalars only.
  const kind = r.int(0, depth > 5 ? 5 : 8)
  switch (kind) {
    case 0:
      return null
    case 1:
      return r.chance(0.5)
    case 2:
      return r.pick([0, -1, 1000, 2 ** 31, Number.MAX_SAFE_INTEGER, r.int(-1e6, 1e6), 1.5])
    case 3:
      return new RawJson(r.pick(NUMBER_TEXTS))
    case 4:
    case 5:
      return junkText(r, depth <= 5)
    case 6:
      // Long arrays hold scalars only: nested long arrays would multiply into gigabytes.
      return r.chance(0.05)
        ? Array.from({ length: r.int(500, 5000) }, () => junkValue(r, 6))
        : Array.from({ length: r.int(0, 5) }, () => junkValue(r, depth + 1))
    default:
      return junkObject(r, depth)
  }
}

export function junkObject(r: Rng, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {}
  for (let i = r.int(0, 5); i > 0; i--) {
    const key = r.chance(0.7) ? r.pick(JUNK_KEYS) : junkText(r)
    // defineProperty: a "__proto__" key must stay data, as JSON.parse would make it.
    Object.defineProperty(object, key, {
      value: junkValue(r, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return object
}

/** JSON text of a junk tree; lone surrogates come out as \udXXX escapes, as JSON.stringify does. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
    return `{${entries.join(",")}}`
  }
  return JSON.stringify(value)
}

/** Nested arrays or objects, far deeper than any recursive code can walk when n is large. */
export const deepJson = (n: number, object: boolean) =>
  object ? `${'{"a":'.repeat(n)}0${"}".repeat(n)}` : `${"[".repeat(n)}0${"]".repeat(n)}`

/** Raw percent sequences for URLs: NUL, bad UTF-8 (an encoded lone surrogate, overlongs), bad %. */
const URL_PIECES = [
  ...["%00", "%ED%A0%80", "%ED%B0%80", "%C0", "%C0%80", "%FF", "%", "%2", "%zz", "%25"],
  ...["%2F", "%3F", "%23", "%26", "%3D", "%5B", "%5D", "+", "%E2%80%A8", "%F0%9F%8E%89"],
]

const UNRESERVED = /[A-Za-z0-9\-_~]/

/** Percent-encoded UTF-8 of the text (a lone surrogate becomes U+FFFD, as any client sends it). */
export function urlEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((b) => {
      const c = String.fromCharCode(b)
      return UNRESERVED.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`
    })
    .join("")
}

/** URL text: encoded junk mixed with raw percent sequences that decode to NUL or do not decode. */
export function junkUrlText(r: Rng): string {
  const pieces = Array.from({ length: r.int(1, 4) }, () =>
    r.chance(0.5) ? r.pick(URL_PIECES) : urlEncode(junkText(r).slice(0, 200))
  )
  return pieces.join("") || "x"
}
