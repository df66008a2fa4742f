import { selfTestNonce } from "../utils/webhook-self-test"

describe("the webhook self-test's delivery", () => {
  it("is recognised by its shape only", () => {
    const body = (value: unknown) => Buffer.from(JSON.stringify(value))
    expect(selfTestNonce(body({ object: "vorexy_self_test", nonce: "a1b2c3d4e5f6" }))).toBe(
      "a1b2c3d4e5f6"
    )
    expect(selfTestNonce(body({ object: "transaction", nonce: "a1b2c3d4e5f6" }))).toBeNull()
    expect(selfTestNonce(body({ object: "vorexy_self_test", nonce: "short" }))).toBeNull()
    expect(
      selfTestNonce(body({ object: "vorexy_self_test", nonce: "<script>alert</script>" }))
    ).toBeNull()
    expect(selfTestNonce(Buffer.from("{not json"))).toBeNull()
    expect(selfTestNonce(Buffer.from(" ".repeat(300)))).toBeNull()
    expect(selfTestNonce(undefined)).toBeNull()
  })
})
