import { credentialMismatch } from "../loaders/same-credentials"

const options = {
  baseUrl: "https://vorexy.example",
  clientId: "client",
  apiKey: "key-one",
  webhookSecret: "0123456789abcdef",
}
const config = (
  provider: Record<string, unknown>,
  resolve = "medusa-payment-vorexy/providers/vorexy"
) => ({
  modules: {
    payment: {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/payment-stripe", options: {} },
          { resolve, id: "vorexy", options: provider },
        ],
      },
    },
  },
})

it("finds nothing wrong when both entries have the same options (a trailing slash aside)", () => {
  expect(credentialMismatch(options, config(options))).toEqual([])
  expect(
    credentialMismatch(options, config({ ...options, baseUrl: "https://vorexy.example/" }))
  ).toEqual([])
  // A company id on one entry only is learned from the gateway by the other.
  expect(credentialMismatch(options, config({ ...options, companyId: "1001" }))).toEqual([])
  expect(credentialMismatch(options, config(options, "./src/providers/vorexy"))).toEqual([])
})

it("names every option that differs, never its value", () => {
  const differing = credentialMismatch(
    { ...options, companyId: "1001" },
    config({ ...options, apiKey: "key-two", baseUrl: "https://other.example", companyId: "2002" })
  )
  expect(differing).toEqual(["baseUrl", "apiKey", "companyId"])
  expect(JSON.stringify(differing)).not.toContain("key-two")
})

it("looks only at Vorexy providers", () => {
  expect(credentialMismatch(options, { modules: {} })).toEqual([])
  expect(
    credentialMismatch(options, config({ apiKey: "x" }, "my-store/providers/vorexy-like"))
  ).toEqual([])
})

it("compares what matters: the host's case, a company id's leading zeros, and the keyring", () => {
  expect(
    credentialMismatch(
      { ...options, companyId: "01001" },
      config({ ...options, baseUrl: "https://Vorexy.Example", companyId: 1001 })
    )
  ).toEqual([])
  expect(
    credentialMismatch(
      { ...options, previousSigningSecrets: "an-old-secret-0123456789" },
      config(options)
    )
  ).toEqual(["previousSigningSecrets"])
})
