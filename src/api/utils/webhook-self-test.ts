/**
 * The admin's webhook self-test: a harmless delivery the server posts to its own webhook route, so
 * the setup card can show whether deliveries arrive and are authenticated (Vorexy's panel has no
 * "send a test"). Recognised by its shape only; it is never stored or processed.
 */
export const SELF_TEST_OBJECT = "vorexy_self_test"

/** The self-test's nonce when the body is one, else null. */
export function selfTestNonce(raw: unknown): string | null {
  if (!Buffer.isBuffer(raw) || raw.length > 256) return null
  try {
    const body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>
    return body?.object === SELF_TEST_OBJECT &&
      typeof body.nonce === "string" &&
      /^[A-Za-z0-9_-]{8,64}$/.test(body.nonce)
      ? body.nonce
      : null
  } catch {
    return null
  }
}
