import { z } from "@medusajs/framework/zod"

export const StoreChoosePaymentMethod = z
  .object({
    /** The payment provider the shopper chose (any of the store's, e.g. pp_vorexy-pix_vorexy). */
    provider_id: z.string().min(1).max(200),
  })
  .strict()

export type StoreChoosePaymentMethodType = z.infer<typeof StoreChoosePaymentMethod>
