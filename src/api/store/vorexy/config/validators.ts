import { z } from "@medusajs/framework/zod"

export const StoreVorexyConfigQuery = z.object({
  /** The cart total in cents: the answer then says how many installments it may use. */
  amount_cents: z.coerce.number().int().min(1).max(100_000_000).optional(),
})

export type StoreVorexyConfigQueryType = z.infer<typeof StoreVorexyConfigQuery>
