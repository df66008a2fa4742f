import { z } from "@medusajs/framework/zod"
import {
  jsonDeeperThan,
  MIN_WITHDRAWAL_CENTS,
  normalisePixKey,
  PIX_KEY_TYPES,
  pixKeyProblem,
  toCents,
} from "../../../gateway"
import { describePath, unstorablePath } from "../../../modules/vorexy/storable"
import { SYNC_UNKNOWN_BATCH } from "../../../reconciliation/sync-unknown"
import { storableString, unstorableMessage } from "../../utils/text-guard"

export const METADATA_MAX_BYTES = 4096
export const METADATA_MAX_DEPTH = 5

/** What is wrong with a withdrawal's free-form metadata, or null. Depth first: JSON.stringify recurses. */
function metadataProblem(metadata: Record<string, unknown>): string | null {
  if (jsonDeeperThan(metadata, METADATA_MAX_DEPTH))
    return `metadata is nested more than ${METADATA_MAX_DEPTH} levels deep`
  const unstorable = unstorablePath(metadata)
  if (unstorable) return unstorableMessage(describePath(["metadata", ...unstorable]))
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES)
    return `metadata is larger than ${METADATA_MAX_BYTES} bytes as JSON`
  return null
}

export const AdminTransactionsQuery = z.object({
  page: z.coerce.number().int().min(1, "page starts at 1").default(1),
  page_size: z.coerce.number().int().min(1).max(100, "page_size is at most 100").default(20),
  sort: z.enum(["createdAt_desc", "createdAt_asc"]).default("createdAt_desc"),
})

export const AdminListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})

export const AdminChargesQuery = z.object({
  order_id: storableString("order_id").min(1, "order_id is required"),
})

const reaisText = /^\d{1,12}([.,]\d{1,2})?$/
/** The most a withdrawal's row holds (a PostgreSQL integer of cents). */
const MAX_WITHDRAWAL_CENTS = 2_147_483_647

const withdrawalCents = (body: { amount?: number; amount_reais?: string }) =>
  body.amount ?? toCents(body.amount_reais!.replace(",", "."))

export const AdminCreateWithdrawal = z
  .object({
    /** Integer cents (1000 = R$ 10,00) … */
    amount: z.number().int("amount must be an integer number of cents").optional(),
    /** … or reais as typed in the form ("10,50" or "10.50"), converted exactly. */
    amount_reais: storableString("amount_reais")
      .trim()
      .regex(reaisText, 'amount_reais must look like "10,50"')
      .optional(),
    /** A listed destination by its id (GET /admin/vorexy/withdrawals/destinations): the form's way. */
    destination: z
      .string()
      .regex(/^pixdest_[0-9a-f]{16}$/, "destination is an id from the destinations list")
      .optional(),
    pix_key: storableString("pix_key").trim().min(1).max(140).optional(),
    pix_key_type: z.enum(PIX_KEY_TYPES).optional(),
    description: storableString("description").trim().max(140).optional(),
    metadata: z
      .record(z.string(), z.unknown())
      .superRefine((metadata, ctx) => {
        const problem = metadataProblem(metadata)
        if (problem) ctx.addIssue({ code: "custom", message: problem })
      })
      .optional(),
    /** Chosen by the form when it opens: a double click or a retry sends the same one. */
    request_id: storableString("request_id")
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "request_id must be 8-64 letters, digits, _ or -")
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.amount === undefined) === (body.amount_reais === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: "give the amount either in cents (amount) or in reais (amount_reais)",
      })
      return
    }
    // Zod runs this even when amount_reais failed its own check (already reported): toCents would
    // throw on it, a 500.
    if (body.amount_reais !== undefined && !reaisText.test(body.amount_reais)) return
    const cents = withdrawalCents(body)
    if (cents < MIN_WITHDRAWAL_CENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `the minimum withdrawal is ${MIN_WITHDRAWAL_CENTS} cents (R$ 10,00)`,
      })
    } else if (cents > MAX_WITHDRAWAL_CENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `one withdrawal is at most ${MAX_WITHDRAWAL_CENTS} cents (R$ 21.474.836,47)`,
      })
    }
    if (body.destination && (body.pix_key || body.pix_key_type)) {
      ctx.addIssue({
        code: "custom",
        path: ["destination"],
        message: "give a destination or a pix_key, not both",
      })
    } else if (Boolean(body.pix_key) !== Boolean(body.pix_key_type)) {
      ctx.addIssue({
        code: "custom",
        path: ["pix_key"],
        message: "give pix_key and pix_key_type together, or neither to use the bank account's key",
      })
    } else if (body.pix_key && body.pix_key_type) {
      // Checked as typed: normalising first would strip a stray "l" and send another key.
      const problem = pixKeyProblem(body.pix_key_type, body.pix_key)
      if (problem)
        ctx.addIssue({ code: "custom", path: ["pix_key"], message: `pix_key ${problem}` })
    }
  })
  // Runs only when the checks above passed. What the route works with: the amount in cents and the
  // key in the form the gateway expects.
  .transform((body) => ({
    ...body,
    amount_cents: withdrawalCents(body),
    pix_key:
      body.pix_key && body.pix_key_type
        ? normalisePixKey(body.pix_key_type, body.pix_key)
        : undefined,
  }))

export type AdminCreateWithdrawalType = z.infer<typeof AdminCreateWithdrawal>

/** "Sync all unknown": where the previous call stopped (a charge id), and how many to sync now. */
export const AdminSyncUnknown = z
  .object({
    after: storableString("after").max(64).nullish(),
    limit: z.number().int().min(1).max(SYNC_UNKNOWN_BATCH).default(SYNC_UNKNOWN_BATCH),
  })
  .strict()
export type AdminSyncUnknownType = z.infer<typeof AdminSyncUnknown>
