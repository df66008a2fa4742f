/**
 * Anchored edits: each finds code the starter has (a function, an import, a JSX element) exactly
 * once, never a line number, and throws AnchorMissing naming that code when it is not there.
 */
export class AnchorMissing extends Error {
  /** `found`: how many times the anchor is there (0, or more than the one expected). */
  constructor(
    readonly anchor: string,
    readonly found = 0
  ) {
    super(
      found === 0
        ? `anchor not found: ${anchor}`
        : `anchor found ${found}× (once expected): ${anchor}`
    )
  }
}

type Pattern = string | RegExp

function findAll(text: string, pattern: Pattern): RegExpExecArray[] {
  const source = typeof pattern === "string" ? escape(pattern) : pattern.source
  const flags = typeof pattern === "string" ? "g" : pattern.flags.replace("g", "") + "g"
  return [...text.matchAll(new RegExp(source, flags))]
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

/** The one match of `pattern`; AnchorMissing when there is none, or more than one. */
export function findOnce(text: string, anchor: string, pattern: Pattern): RegExpExecArray {
  const matches = findAll(text, pattern)
  if (matches.length === 1) return matches[0]
  throw new AnchorMissing(anchor, matches.length)
}

/** Replaces the one match of `pattern` by what `replace` makes of it. */
export function replaceOnce(
  text: string,
  anchor: string,
  pattern: Pattern,
  replace: (match: RegExpExecArray) => string
): string {
  const match = findOnce(text, anchor, pattern)
  return text.slice(0, match.index) + replace(match) + text.slice(match.index + match[0].length)
}

export function insertAfter(text: string, anchor: string, pattern: Pattern, insert: string) {
  return replaceOnce(text, anchor, pattern, (m) => m[0] + insert)
}

export function insertBefore(text: string, anchor: string, pattern: Pattern, insert: string) {
  return replaceOnce(text, anchor, pattern, (m) => insert + m[0])
}

/** Throws AnchorMissing unless `pattern` is in the text (code the inserted code relies on). */
export function requireCode(text: string, anchor: string, pattern: Pattern): void {
  if (findAll(text, pattern).length === 0) throw new AnchorMissing(anchor)
}

/**
 * Applies `edit` to one top-level declaration only: from `start` (e.g. `export async function
 * placeOrder(`) to the first line that is a lone `}` (the end of a declaration at column 0).
 */
export function within(
  text: string,
  anchor: string,
  start: Pattern,
  edit: (body: string) => string
): string {
  const match = findOnce(text, anchor, start)
  const end = /\n\}[ \t]*(\n|$)/g
  end.lastIndex = match.index
  const close = end.exec(text)
  const stop = close ? close.index + close[0].length : text.length
  return text.slice(0, match.index) + edit(text.slice(match.index, stop)) + text.slice(stop)
}

/** Adds `name` to `import { … } from "<module>"` (kept on one line, or one name a line). */
export function addNamedImport(text: string, module: string, name: string): string {
  const pattern = new RegExp(`import \\{([^}]*)\\} from "${escape(module)}"`)
  return replaceOnce(text, `import { … } from "${module}"`, pattern, (m) => {
    const names = m[1]
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean)
    if (names.includes(name)) return m[0]
    names.push(name)
    return m[1].includes("\n")
      ? `import {\n${names.map((n) => `  ${n},\n`).join("")}} from "${module}"`
      : `import { ${names.join(", ")} } from "${module}"`
  })
}

/** Indents every non-empty line of `code` by `indent`. */
export function indent(code: string, by: string): string {
  return code
    .split("\n")
    .map((line) => (line.trim() ? by + line : line))
    .join("\n")
}

/** `code` (written at column 0, one leading and trailing newline trimmed) indented by `by`. */
export function block(code: string, by: string): string {
  return indent(code.replace(/^\n/, "").replace(/\n$/, ""), by) + "\n"
}
