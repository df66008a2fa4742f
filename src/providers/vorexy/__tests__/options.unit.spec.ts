import { VorexyPixService } from "../services/vorexy-pix"
import { parseVorexyOptions } from "../options"

const valid = {
  baseUrl: "https://vorexy.example",
  clientId: "client",
  apiKey: "sk_live_very_secret_key",
}

describe("provider options", () => {
  it("applies defaults and treats blank env values as unset", () => {
    expect(parseVorexyOptions({ ...valid, companyId: "", webhookSecret: undefined })).toMatchObject(
      {
        ...valid,
        pixExpiresInDays: 1,
        timeoutMs: 15000,
        maxRetries: 3,
      }
    )
    expect(parseVorexyOptions({ ...valid, pixExpiresInDays: "3", companyId: "42" })).toMatchObject({
      pixExpiresInDays: 3,
      companyId: "42",
    })
  })

  it("fails boot with a message naming each wrong option, and never the secret", () => {
    const attempt = () =>
      VorexyPixService.validateOptions({
        apiKey: "sk_live_very_secret_key",
        baseUrl: "ftp://x",
        pixExpiresInDays: 90,
      })
    expect(attempt).toThrow(/clientId is required \(VOREXY_CLIENT_ID\)/)
    expect(attempt).toThrow(/baseUrl must be an http\(s\) URL/)
    expect(attempt).toThrow(/pixExpiresInDays is at most 30/)
    try {
      attempt()
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("sk_live_very_secret_key")
    }
    expect(() => VorexyPixService.validateOptions({ ...valid, webhookSecret: "short" })).toThrow(
      /webhookSecret must have at least 16/
    )
  })

  it("builds the provider with identifier vorexy-pix", () => {
    const provider = new VorexyPixService({}, valid)
    expect(provider.getIdentifier()).toBe("vorexy-pix")
    expect(provider.chargeMethod.paymentMethod).toBe("PIX")
  })

  it("takes the card tokeniser only over https (plain http only on this machine)", () => {
    const script = (cardTokenScriptUrl: string) => () =>
      parseVorexyOptions({ ...valid, cardPublicKey: "pk", cardTokenScriptUrl })
    expect(script("https://js.vorexy.example/card.js")).not.toThrow()
    expect(script("http://127.0.0.1:9010/js/vorexy-card.js")).not.toThrow()
    expect(script("http://localhost:9010/js/vorexy-card.js")).not.toThrow()
    expect(script("http://js.vorexy.example/card.js")).toThrow(/https/)
    expect(script("http://localhost.evil.example/card.js")).toThrow(/https/)
  })
})
