/**
 * Rotating keys never strands a charge: a PIX, a boleto and a card in analysis made before the
 * rotation are paid after it and captured, through the payment providers against the sandbox over
 * HTTP (each provider built as Medusa builds it, from the options). The signing keyring keeps what
 * the old secret made verifiable; without it, the same charges fail, as they did before.
 */
import { Sandbox, startSandbox } from "../../sandbox"
import { QrLinks } from "../../src/modules/vorexy/qr-link"
import { VorexyBoletoService } from "../../src/providers/vorexy/services/vorexy-boleto"
import { VorexyCardService } from "../../src/providers/vorexy/services/vorexy-card"
import { VorexyPixService } from "../../src/providers/vorexy/services/vorexy-pix"
import { TEST_CARDS } from "../helpers/cards"

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ expirySweepMs: 0 })
})
afterAll(() => sandbox.stop())
beforeEach(() => sandbox.reset())

const PROVIDERS = { pix: VorexyPixService, boleto: VorexyBoletoService, card: VorexyCardService }
type Method = keyof typeof PROVIDERS

function provider(method: Method, options: Record<string, unknown> = {}) {
  const Service = PROVIDERS[method]
  return new Service(
    {},
    {
      baseUrl: sandbox.url,
      ...sandbox.credentials(),
      cardPublicKey: sandbox.credentials().publicKey,
      cardTokenScriptUrl: `${sandbox.url}/js/vorexy-card.js`,
      maxInstallments: 3,
      timeoutMs: 2000,
      ...options,
    }
  )
}

const payer = { name: "Ana Souza", email: "ana@example.com", document: "52998224725" }
const address = {
  address_1: "Rua Augusta, 1500",
  address_2: "Consolação",
  city: "São Paulo",
  province: "SP",
  postal_code: "01304-001",
  country_code: "br",
}

async function cardToken(number: string) {
  const response = await fetch(`${sandbox.url}/api/v1/card-tokens`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://shop.example" },
    body: JSON.stringify({
      publicKey: sandbox.credentials().publicKey,
      number,
      holderName: "ANA SOUZA",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvv: "123",
    }),
  })
  return ((await response.json()) as { token: string }).token
}

/** A charge of `method` made with `options`, waiting for the shopper (or the issuer). */
async function openCharge(method: Method, options: Record<string, unknown>) {
  const p = provider(method, options)
  const extra =
    method === "boleto"
      ? { billing_address: address }
      : method === "card"
        ? { card_token: await cardToken(TEST_CARDS.analysis), installments: 1 }
        : {}
  const initiated = await p.initiatePayment({
    amount: 79.9,
    currency_code: "brl",
    data: { ...payer, ...extra, session_id: `payses_01ROT${method.toUpperCase()}` },
  })
  const auth = await p.authorizePayment({ data: initiated.data })
  expect(auth.status).not.toBe("captured")
  return auth.data as Record<string, unknown> & { transaction_id: string }
}

const rotateGatewayKey = (apiKey: string) => {
  sandbox.state.companies.get(1001)!.apiKey = apiKey
}

describe.each(["pix", "boleto", "card"] as const)("a %s open across a rotation", (method) => {
  it("is captured after the API key is rotated, with the old key in the keyring", async () => {
    const oldKey = sandbox.credentials().apiKey
    const data = await openCharge(method, {})
    rotateGatewayKey("sk_sandbox_1001_rotated_after_a_leak")
    sandbox.state.payTransaction(data.transaction_id)

    // Without the keyring: the new key cannot vouch for what the old one signed.
    const forgetful = provider(method, { apiKey: "sk_sandbox_1001_rotated_after_a_leak" })
    await expect(forgetful.authorizePayment({ data })).rejects.toThrow(
      /payer data of this payment session cannot be read/
    )
    // With it: verified, re-fetched with the new key, captured.
    const rotated = provider(method, {
      apiKey: "sk_sandbox_1001_rotated_after_a_leak",
      previousSigningSecrets: oldKey,
    })
    expect((await rotated.authorizePayment({ data })).status).toBe("captured")
  })

  it("is captured after the signing secret is rotated, the old one kept to verify", async () => {
    const first = "first-signing-secret-0123456789abcdef"
    const second = "second-signing-secret-0123456789abcdef"
    const data = await openCharge(method, { signingSecret: first })
    sandbox.state.payTransaction(data.transaction_id)
    await expect(
      provider(method, { signingSecret: second }).authorizePayment({ data })
    ).rejects.toThrow(/payer data of this payment session cannot be read/)
    const rotated = provider(method, { signingSecret: second, previousSigningSecrets: [first] })
    expect((await rotated.authorizePayment({ data })).status).toBe("captured")
  })
})

it("keeps the QR links of e-mails already sent working after a rotation, and makes new ones with the new secret", () => {
  const before = new QrLinks(["sk_old_api_key"])
  const after = new QrLinks(["a-new-signing-secret-0123456789abcdef", "sk_old_api_key"])
  const sent = before.path("vxch_01ROTATED").split("/").pop()!
  expect(after.chargeIdOf(sent)).toBe("vxch_01ROTATED")
  expect(new QrLinks(["a-new-signing-secret-0123456789abcdef"]).chargeIdOf(sent)).toBeNull()
  expect(after.path("vxch_01ROTATED")).not.toBe(before.path("vxch_01ROTATED"))
})
