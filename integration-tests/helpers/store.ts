import { createApiKeysWorkflow, createRegionsWorkflow, createSalesChannelsWorkflow, linkSalesChannelsToApiKeyWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { PIX_PROVIDER_ID } from "./sandbox"

/** A BRL region with the Vorexy PIX provider, a sales channel and a publishable key for it. */
export async function seedStore(container: MedusaContainer) {
  const { result: [salesChannel] } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Loja" }] },
  })
  const { result: [region] } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Brasil", currency_code: "brl", countries: ["br"], payment_providers: [PIX_PROVIDER_ID] }] },
  })
  const { result: [apiKey] } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })
  return { region, salesChannel, storeHeaders: { headers: { "x-publishable-api-key": apiKey.token } } }
}
