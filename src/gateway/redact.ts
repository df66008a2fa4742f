/**
 * Secrets (the API key, the webhook secret) must never reach a log line, an error message or a
 * serialised object. Everything the client lets out passes through a Redactor built with them.
 */

export const REDACTED = "[REDACTED]"

/** Header and field names whose values are secret whatever they contain. */
const SECRET_NAMES =
  /^(x-api-key|authorization|api[-_]?key|apikey|secret|webhook[-_]?secret|password|token)$/i

export class Redactor {
  private readonly secrets: string[]

  constructor(secrets: Array<string | undefined | null>) {
    // Longest first so a secret that contains another is replaced whole; very short values are
    // skipped because replacing them would mangle ordinary text.
    this.secrets = [
      ...new Set(secrets.filter((s): s is string => typeof s === "string" && s.length >= 4)),
    ].sort((a, b) => b.length - a.length)
  }

  text(value: string): string {
    let out = value
    for (const secret of this.secrets) out = out.split(secret).join(REDACTED)
    return out
  }

  /** Deep copy with secret-named fields and any secret substring replaced. */
  value<T>(value: T, depth = 0): T {
    if (typeof value === "string") return this.text(value) as T
    if (value === null || typeof value !== "object" || depth > 8) return value
    if (Array.isArray(value)) return value.map((v) => this.value(v, depth + 1)) as T
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_NAMES.test(k) ? REDACTED : this.value(v, depth + 1)
    }
    return out as T
  }
}
