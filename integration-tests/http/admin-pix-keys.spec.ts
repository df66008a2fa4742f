/**
 * PIX keys and documents mean what they say: a key with a stray character is refused by the Admin
 * API before anything reaches the gateway; a formatted key reaches it in canonical form; the
 * alphanumeric CNPJ (from July 2026) works as a payer's document and as a withdrawal key.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  errorResponse,
  seedStore,
  startPix,
  VALID_PAYER,
} from "../helpers/store"

/** Request options with the admin's bearer token. */
type RequestHeaders = { headers?: Record<string, string> }

/** The Receita Federal's example of an alphanumeric CNPJ (check digits 3 and 5). */
const ALPHA_CNPJ = "12ABC34501DE35"

jest.setTimeout(120_000)

// Listed as an owner would type them: compared after the form's normalisation.
const gateway = useSandbox({
  env: {
    VOREXY_WITHDRAWAL_PIX_KEYS: "PHONE:+5511987654321,CPF:529.982.247-25,CNPJ:12.ABC.345/01DE-35",
  },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: RequestHeaders
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const withdraw = (body: Record<string, unknown>) =>
      api.post("/admin/vorexy/withdrawals", body, admin).catch(errorResponse)
    const sandboxWithdrawals = () => [...gateway.sandbox.state.withdrawals.values()]
    const sandboxTransactions = () => [...gateway.sandbox.state.transactions.values()]

    beforeEach(async () => {
      gateway.sandbox.reset()
      const store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      // A company with an alphanumeric CNPJ buys with PIX: the plugin learns the company id from
      // this charge, and the balance it then withdraws from is the sandbox's.
      const cartId = await createCart(api, store)
      const session = await startPix(api, store, cartId, {
        ...VALID_PAYER,
        name: "Loja Nova Ltda",
        document: "12.abc.345/01de-35",
      })
      expect(session.status).toBe(200)
      expect((await complete(api, store, cartId)).status).toBe(200)
      gateway.sandbox.state.setBalance(1001, { availableCents: 50_000 })
    })

    it("sends the payer's alphanumeric CNPJ upper-case, and the sandbox takes it", () => {
      expect(sandboxTransactions()).toHaveLength(1)
      expect(sandboxTransactions()[0].customer.document).toEqual({
        number: ALPHA_CNPJ,
        type: "CNPJ",
      })
    })

    it.each([
      [
        "a phone key with an l for a 1",
        "PHONE",
        "1198765432l",
        /pix_key contains "l", which is not allowed: a phone key may only have digits/,
      ],
      [
        "a CPF key with a letter in it",
        "CPF",
        "5299822472a5",
        /pix_key contains "a", which is not allowed: a CPF key may only have digits/,
      ],
      [
        "an alphanumeric CNPJ key with a wrong check digit",
        "CNPJ",
        "12ABC34501DE36",
        /pix_key is not a valid CNPJ \(check digits do not match\)/,
      ],
    ])(
      "refuses %s with a 400 naming the problem, and asks nothing of the gateway",
      async (_label, pixKeyType, pixKey, message) => {
        const requestsBefore = gateway.sandbox.requests.length

        const response = await withdraw({ amount: 1000, pix_key: pixKey, pix_key_type: pixKeyType })

        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(message)
        expect(gateway.sandbox.requests.slice(requestsBefore)).toEqual([])
        expect(gateway.sandbox.countRequests("requestWithdrawal")).toBe(0)
        expect(sandboxWithdrawals()).toHaveLength(0)
        expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
      }
    )

    it.each([
      ["a formatted phone key", "PHONE", "+55 (11) 98765-4321", "+5511987654321"],
      ["a formatted CPF key", "CPF", " 529.982.247-25 ", "52998224725"],
      ["an alphanumeric CNPJ key, typed lower-case", "CNPJ", "12.abc.345/01de-35", ALPHA_CNPJ],
      ["an alphanumeric CNPJ key", "CNPJ", ALPHA_CNPJ, ALPHA_CNPJ],
    ])(
      "withdraws to %s, sending the key in canonical form",
      async (_label, pixKeyType, pixKey, sent) => {
        const response = await withdraw({ amount: 1000, pix_key: pixKey, pix_key_type: pixKeyType })

        expect(response.status).toBe(201)
        expect(response.data.withdrawal).toMatchObject({ pix_key: sent, pix_key_type: pixKeyType })
        expect(gateway.sandbox.countRequests("requestWithdrawal")).toBe(1)
        expect(sandboxWithdrawals()).toEqual([
          expect.objectContaining({ amountCents: 1000, pixKey: sent, pixKeyType }),
        ])
      }
    )
  },
})
