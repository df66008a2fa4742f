import { MedusaError } from "@medusajs/framework/utils"

/** Another process inserted the same row first (a unique key refused ours). */
export const isDuplicate = (error: unknown) =>
  (error as { type?: string })?.type === MedusaError.Types.DUPLICATE_ERROR ||
  /already exists/i.test((error as Error)?.message ?? "")
