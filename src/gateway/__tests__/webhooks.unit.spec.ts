import { jsonDeeperThan, MAX_WEBHOOK_DEPTH, parseWebhookBody, WebhookBodyError } from "../webhooks"

const parse = (body: unknown, header?: string) =>
  parseWebhookBody(typeof body === "string" ? body : JSON.stringify(body), header)

describe("webhook bodies", () => {
  it("reads the field's cash-out shape", () => {
    const [event] = parse(
      {
        object: "withdraw",
        type: "cashout",
        status: "successful",
        withdrawId: 42,
        value: 10,
        valueInCents: 1000,
      },
      "evt_1"
    )
    expect(event).toMatchObject({
      kind: "cash_out",
      referenceId: "42",
      statusHint: "successful",
      eventKey: "evt_1",
    })
  })

  it("reads cash-in events in the same style, enveloped, or with only a type and an id", () => {
    expect(
      parse({
        object: "transaction",
        type: "cashin",
        status: "paid",
        transactionId: "6a1c-uuid",
      })[0]
    ).toMatchObject({ kind: "cash_in", referenceId: "6a1c-uuid" })
    expect(parse({ event: "transaction.paid", data: { transactionId: "abc" } })[0]).toMatchObject({
      kind: "cash_in",
      referenceId: "abc",
    })
    expect(parse({ type: "cashout", id: 7 })[0]).toMatchObject({
      kind: "cash_out",
      referenceId: "7",
    })
  })

  it("keys events by x-webhook-event-id, else by a hash of the event", () => {
    const body = { transactionId: "abc", status: "paid" }
    expect(parse(body)[0].eventKey).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(parse(body)[0].eventKey).toBe(parse(body)[0].eventKey)
    expect(parse({ ...body, status: "pending" })[0].eventKey).not.toBe(parse(body)[0].eventKey)
    expect(parse([body, { withdrawId: 1 }], "evt_9").map((e) => e.eventKey)).toEqual([
      "evt_9:0",
      "evt_9:1",
    ])
  })

  it.each([
    ["", /empty body/],
    ["   ", /empty body/],
    ["{not json", /not JSON/],
    ["[]", /empty batch/],
    ["42", /expected a JSON object/],
    [{ hello: "world" }, /unrecognised event/],
    [{ transactionId: { $ne: null } }, /transactionId must be an id/],
    [{ transactionId: "a b" }, /transactionId must be an id/],
    [{ withdrawId: 1.5 }, /withdrawId must be an id/],
    [{ transactionId: "abc", status: 3 }, /status must be a string/],
    [[{ transactionId: "abc" }, 5], /event 1: expected a JSON object/],
    [Array.from({ length: 101 }, (_, i) => ({ transactionId: `t${i}` })), /too many events/],
  ])("refuses %p", (body, message) => {
    expect(() => parse(body)).toThrow(WebhookBodyError)
    expect(() => parse(body)).toThrow(message)
  })

  const nested = (depth: number) =>
    `{"transactionId":"abc","x":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`

  it("accepts nesting up to MAX_WEBHOOK_DEPTH and refuses deeper, however deep", () => {
    expect(parse(nested(MAX_WEBHOOK_DEPTH))[0].referenceId).toBe("abc")
    for (const depth of [MAX_WEBHOOK_DEPTH + 1, 200_000]) {
      expect(() => parse(nested(depth))).toThrow(/nested more than 32 levels deep/)
    }
    expect(() => parse(`[${nested(MAX_WEBHOOK_DEPTH)}]`)).toThrow(WebhookBodyError)
  })

  it.each([
    ['{"transactionId":"abc\\u0000"}', /transactionId must be an id/],
    ['{"withdrawId":"\\ud800"}', /withdrawId must be an id/],
    ['{"id":"a\\udc00","type":"cashin"}', /id must be an id/],
  ])("refuses ids with NUL or unpaired surrogates: %s", (body, message) => {
    expect(() => parse(body)).toThrow(message)
  })

  it("keeps the text of other fields as sent (storing it is the caller's concern)", () => {
    const [event] = parse('{"transactionId":"abc","status":"pa\\u0000id","k\\ud800":"\\udc00"}')
    expect(event.statusHint).toBe("pa\u0000id")
    expect(event.body["k\ud800"]).toBe("\udc00")
  })
})

describe("jsonDeeperThan", () => {
  it.each([
    [1, 0, false],
    [{}, 1, false],
    [{}, 0, true],
    [{ a: [1, { b: null }] }, 3, false],
    [{ a: [1, { b: null }] }, 2, true],
  ])("%j deeper than %p: %p", (value, max, deeper) => {
    expect(jsonDeeperThan(value, max)).toBe(deeper)
  })
})
