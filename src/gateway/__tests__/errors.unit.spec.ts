import {
  errorFromResponse,
  errorFromTransport,
  extractGatewayMessage,
  parseRetryAfter,
  VorexyError,
} from "../errors"
import { Redactor, REDACTED } from "../redact"

const redactor = new Redactor(["sk_live_supersecret", "whsec_0123456789abcdef"])
const map = (status: number, body: unknown, headers: Record<string, unknown> = {}) =>
  errorFromResponse("op", status, body, headers, redactor)

describe("error taxonomy", () => {
  it.each([
    [401, "authentication"],
    [403, "authentication"],
    [400, "validation"],
    [422, "validation"],
    [404, "not_found"],
    [409, "conflict"],
    [429, "rate_limited"],
    [408, "unavailable"],
    [425, "unavailable"],
    [500, "unavailable"],
    [503, "unavailable"],
    [418, "validation"],
  ])("HTTP %i -> %s", (status, kind) => {
    expect(map(status, { message: "x" }).kind).toBe(kind)
  })

  it("treats a 422 about the Idempotency-Key as a conflict", () => {
    expect(map(422, { message: "Idempotency key already used with another payload" }).kind).toBe(
      "conflict"
    )
  })

  it("takes the gateway's message from message, error, detail, title or errors", () => {
    expect(extractGatewayMessage({ message: "m" })).toBe("m")
    expect(extractGatewayMessage({ error: "e" })).toBe("e")
    expect(extractGatewayMessage({ error: { message: "nested" } })).toBe("nested")
    expect(extractGatewayMessage({ title: "Bad Request", detail: "amount too low" })).toBe(
      "amount too low"
    )
    expect(extractGatewayMessage({ title: "Bad Request" })).toBe("Bad Request")
    expect(extractGatewayMessage({ errors: ["a", { message: "b" }] })).toBe("a; b")
    expect(
      extractGatewayMessage({ errors: { Amount: ["below minimum"], PixKey: ["invalid"] } })
    ).toBe("Amount: below minimum; PixKey: invalid")
    expect(extractGatewayMessage("plain text reason")).toBe("plain text reason")
    expect(extractGatewayMessage("<html>502</html>")).toBeUndefined()
    expect(extractGatewayMessage({})).toBeUndefined()
  })

  it("carries status and message, never a secret", () => {
    const error = map(400, {
      message: "key sk_live_supersecret is not valid for company",
      echo: { apiKey: "sk_live_supersecret" },
    })
    expect(error).toBeInstanceOf(VorexyError)
    expect(error.status).toBe(400)
    expect(error.message).toContain(REDACTED)
    const everything = JSON.stringify({
      error,
      body: error.body,
      message: error.message,
      stack: error.stack,
    })
    expect(everything).not.toContain("sk_live_supersecret")
  })

  it("reads Retry-After in seconds or as a date", () => {
    expect(map(429, {}, { "retry-after": "2" }).retryAfterMs).toBe(2000)
    expect(parseRetryAfter(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000)
    expect(parseRetryAfter("soon")).toBeUndefined()
  })

  it("maps transport failures to unavailable with a safe message", () => {
    const timeout = errorFromTransport(
      "op",
      { code: "ECONNABORTED", message: "timeout of 100ms exceeded" },
      redactor
    )
    expect(timeout.kind).toBe("unavailable")
    expect(timeout.message).toMatch(/timed out/)
    expect(timeout.retryable).toBe(true)
    expect(errorFromTransport("op", { code: "ECONNRESET" }, redactor).message).toMatch(
      /network error ECONNRESET/
    )
  })
})

describe("Redactor", () => {
  it("removes secrets from text and secret-named fields from objects", () => {
    expect(redactor.text("Bearer sk_live_supersecret!")).toBe(`Bearer ${REDACTED}!`)
    expect(
      redactor.value({
        headers: { "X-API-Key": "anything", Accept: "application/json" },
        note: "whsec_0123456789abcdef",
      })
    ).toEqual({
      headers: { "X-API-Key": REDACTED, Accept: "application/json" },
      note: REDACTED,
    })
  })
})

describe("ProblemDetails", () => {
  it("prefers field errors over the generic title", () => {
    expect(
      extractGatewayMessage({
        title: "One or more validation errors occurred.",
        status: 400,
        errors: { Amount: ["too low"] },
      })
    ).toBe("Amount: too low")
  })
})
