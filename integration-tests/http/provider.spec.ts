import { medusaIntegrationTestRunner } from "../helpers/runner"
import { PIX_PROVIDER_ID, useSandbox } from "../helpers/sandbox"
import { seedStore } from "../helpers/store"

jest.setTimeout(60_000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("Vorexy PIX provider registration", () => {
      it("is listed for a BRL region through the Store API", async () => {
        const { region, storeHeaders } = await seedStore(getContainer())

        const response = await api.get(
          `/store/payment-providers?region_id=${region.id}`,
          storeHeaders
        )

        expect(response.status).toBe(200)
        expect(response.data.payment_providers.map((p: { id: string }) => p.id)).toContain(
          PIX_PROVIDER_ID
        )
        // Listing providers must not touch the gateway.
        expect(gateway.sandbox.countRequests()).toBe(0)
      })

      it("is not listed for a region that does not enable it", async () => {
        const { storeHeaders } = await seedStore(getContainer())
        const { createRegionsWorkflow } = await import("@medusajs/core-flows")
        const {
          result: [other],
        } = await createRegionsWorkflow(getContainer()).run({
          input: {
            regions: [
              { name: "Elsewhere", currency_code: "usd", payment_providers: ["pp_system_default"] },
            ],
          },
        })

        const response = await api.get(
          `/store/payment-providers?region_id=${other.id}`,
          storeHeaders
        )

        expect(response.data.payment_providers.map((p: { id: string }) => p.id)).not.toContain(
          PIX_PROVIDER_ID
        )
      })
    })
  },
})
