/**
 * What PostgreSQL can store. Its text and jsonb types refuse U+0000, and jsonb refuses an unpaired
 * UTF-16 surrogate (JSON.stringify writes one as a `\ud800` escape): either fails the whole query.
 * Input we may refuse is checked with isStorableText; input we must keep as sent (a webhook
 * delivery) is made storable by replacing each such character with U+FFFD.
 */

const LONE = "[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]"
const LONE_SURROGATE = new RegExp(LONE)
const LONE_SURROGATES = new RegExp(LONE, "g")
const ANY_SURROGATE = /[\ud800-\udfff]/

/** True when PostgreSQL can store the text: no NUL and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  if (text.includes("\0")) return false
  // Most text has no surrogates at all: skip the slower pairing check.
  return !ANY_SURROGATE.test(text) || !LONE_SURROGATE.test(text)
}

/** The text with each NUL and unpaired surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  if (isStorableText(text)) return text
  return text.replace(LONE_SURROGATES, "\ufffd").replaceAll("\0", "\ufffd")
}

/**
 * The text cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair
 * (an emoji at the cut would leave half of it: unstorable).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

type Container = Record<string, unknown> | unknown[]

/**
 * A copy of a JSON value with every string and every key made storable. Iterative, so depth is
 * no problem here (bound it before JSON.stringify, which recurses). Two keys that differ only in
 * replaced characters become one: the later wins.
 */
export function storableJson(value: unknown): unknown {
  const root: Container = [undefined]
  const pending: Array<[source: unknown, parent: Container, key: string | number]> = [
    [value, root, 0],
  ]
  while (pending.length) {
    const [source, parent, key] = pending.pop()!
    let copy: unknown = source
    if (typeof source === "string") copy = storableText(source)
    else if (Array.isArray(source)) {
      copy = new Array(source.length)
      for (let i = source.length - 1; i >= 0; i--) pending.push([source[i], copy as unknown[], i])
    } else if (source !== null && typeof source === "object") {
      copy = {}
      // Pushed in reverse so keys are defined in their original order.
      const entries = Object.entries(source)
      for (let i = entries.length - 1; i >= 0; i--)
        pending.push([entries[i][1], copy as Container, storableText(entries[i][0])])
    }
    if (Array.isArray(parent)) parent[key as number] = copy
    // defineProperty: a key named "__proto__" stays an own property instead of a prototype.
    else
      Object.defineProperty(parent, key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true,
      })
  }
  return root[0]
}

type Step = { key: string | number; up: Step | null }

/**
 * The path to the first string or key of a JSON value that `matches` (null when none does), e.g.
 * ["metadata", "tags", 0]. Iterative, for any depth.
 */
export function findText(
  value: unknown,
  matches: (text: string, isKey: boolean) => boolean
): Array<string | number> | null {
  const pending: Array<[node: unknown, at: Step | null]> = [[value, null]]
  while (pending.length) {
    const [node, at] = pending.pop()!
    if (typeof node === "string") {
      if (matches(node, false)) return pathOf(at)
    } else if (node !== null && typeof node === "object") {
      const array = Array.isArray(node)
      for (const [key, child] of Object.entries(node)) {
        const step = { key: array ? Number(key) : key, up: at }
        if (!array && matches(key, true)) return pathOf(step)
        pending.push([child, step])
      }
    }
  }
  return null
}

function pathOf(step: Step | null): Array<string | number> {
  const path: Array<string | number> = []
  for (let s = step; s; s = s.up) path.push(s.key)
  return path.reverse()
}

/** The path to the first string or key PostgreSQL cannot store, or null. */
export const unstorablePath = (value: unknown) => findText(value, (text) => !isStorableText(text))

/** A path for a message: `metadata.tags[0]`, each unstorable key escaped as JSON. */
export function describePath(path: Array<string | number>): string {
  return path
    .map((key, i) => {
      if (typeof key === "number") return `[${key}]`
      const name = isStorableText(key) ? key.slice(0, 60) : JSON.stringify(key.slice(0, 60))
      return i === 0 ? name : `.${name}`
    })
    .join("")
}
