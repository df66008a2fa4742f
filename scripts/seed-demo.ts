/**
 * Seeds a BRL store for this plugin: store and region with the Vorexy PIX provider, shipping to
 * Brazil, a product, and a publishable key. Used by `npm run demo` (through `medusa exec`, default
 * export) and by the integration tests (seedVorexyStore). Idempotent: a second run finds the region
 * and returns what exists.
 */
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"

const REGION_NAME = "Brasil"
export const PIX_PROVIDER_ID = "pp_vorexy-pix_vorexy"
export const BOLETO_PROVIDER_ID = "pp_vorexy-boleto_vorexy"
export const CARD_PROVIDER_ID = "pp_vorexy-card_vorexy"

export default async function seedDemo({ container }: ExecArgs) {
  const seeded = await seedVorexyStore(container)
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `Demo store ready: region ${seeded.region.id} (BRL: Vorexy PIX, boleto and card), product "Camiseta Vorexy".`
    )
  console.log(`DEMO_PUBLISHABLE_KEY=${seeded.publishableKey}`)
}

/** The fields of a product variant the stock levels are made from. */
type VariantStock = { id: string; inventory_items?: { inventory_item_id: string }[] | null }

export async function seedVorexyStore(container: MedusaContainer) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const regionModule = container.resolve(Modules.REGION)
  const apiKeyModule = container.resolve(Modules.API_KEY)
  const salesChannelModule = container.resolve(Modules.SALES_CHANNEL)
  const fulfillmentModule = container.resolve(Modules.FULFILLMENT)
  const storeModule = container.resolve(Modules.STORE)

  const [existing] = await regionModule.listRegions({ name: REGION_NAME })
  if (existing) {
    // A store seeded before boleto and card existed gets them too.
    await updateRegionsWorkflow(container).run({
      input: {
        selector: { id: existing.id },
        update: { payment_providers: [PIX_PROVIDER_ID, BOLETO_PROVIDER_ID, CARD_PROVIDER_ID] },
      },
    })
    const [key] = await apiKeyModule.listApiKeys({
      type: "publishable",
      title: "Vorexy demo storefront",
    })
    const [salesChannel] = await salesChannelModule.listSalesChannels({
      name: "Default Sales Channel",
    })
    const [product] = await container
      .resolve(Modules.PRODUCT)
      .listProducts({ handle: "camiseta-vorexy" }, { relations: ["variants"] })
    return { region: existing, salesChannel, product, publishableKey: key?.token ?? "" }
  }

  let [salesChannel] = await salesChannelModule.listSalesChannels({ name: "Default Sales Channel" })
  if (!salesChannel) {
    const { result } = await createSalesChannelsWorkflow(container).run({
      input: { salesChannelsData: [{ name: "Default Sales Channel" }] },
    })
    salesChannel = result[0]
  }

  const [store] = await storeModule.listStores()
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Loja Vorexy (demo)",
        supported_currencies: [{ currency_code: "brl", is_default: true }],
        default_sales_channel_id: salesChannel.id,
      },
    },
  })

  const {
    result: [region],
  } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        {
          name: REGION_NAME,
          currency_code: "brl",
          countries: ["br"],
          automatic_taxes: false,
          payment_providers: [PIX_PROVIDER_ID, BOLETO_PROVIDER_ID, CARD_PROVIDER_ID],
        },
      ],
    },
  })
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: "br", provider_id: "tp_system" }],
  })

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Centro de distribuição SP",
          address: { city: "São Paulo", country_code: "BR", address_1: "Av. Paulista, 1000" },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: [salesChannel.id] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })

  let [profile] = await fulfillmentModule.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0]
  }
  const fulfillmentSet = await fulfillmentModule.createFulfillmentSets({
    name: "Entregas Brasil",
    type: "shipping",
    service_zones: [{ name: "Brasil", geo_zones: [{ country_code: "br", type: "country" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Entrega padrão",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: profile.id,
        type: { label: "Padrão", description: "Entrega em até 7 dias úteis", code: "standard" },
        prices: [
          { currency_code: "brl", amount: 15 },
          { region_id: region.id, amount: 15 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })

  const {
    result: [product],
  } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Camiseta Vorexy",
          handle: "camiseta-vorexy",
          description: "Camiseta de algodão para testar o PIX.",
          status: ProductStatus.PUBLISHED,
          shipping_profile_id: profile.id,
          options: [{ title: "Tamanho", values: ["P", "M", "G"] }],
          variants: ["P", "M", "G"].map((size) => ({
            title: size,
            sku: `CAMISETA-VOREXY-${size}`,
            options: { Tamanho: size },
            manage_inventory: true,
            prices: [{ amount: 79.9, currency_code: "brl" }],
          })),
          sales_channels: [{ id: salesChannel.id }],
        },
      ],
    },
  })

  // 100 of each size in stock at the distribution centre (orders reserve it, cancellations release it).
  const { data: variants } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product_variant",
    fields: ["id", "inventory_items.inventory_item_id"],
    filters: { product_id: product.id },
  })
  await createInventoryLevelsWorkflow(container).run({
    input: {
      inventory_levels: (variants as VariantStock[]).flatMap((v) =>
        (v.inventory_items ?? []).map((i) => ({
          inventory_item_id: i.inventory_item_id,
          location_id: location.id,
          stocked_quantity: 100,
        }))
      ),
    },
  })

  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Vorexy demo storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: key.id, add: [salesChannel.id] },
  })

  return { region, salesChannel, product, publishableKey: key.token }
}
