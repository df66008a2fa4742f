/**
 * Request schemas: strict. A request that does not pass is refused locally with a typed error and is
 * never sent, so a bug on our side cannot become a charge or a withdrawal at the gateway.
 */
import { z } from "zod"
import { isValidCnpj, isValidCpf, normalisePixKey, PIX_KEY_TYPES, pixKeyProblem } from "./documents"

export const MIN_WITHDRAWAL_CENTS = 1000
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 50

/** Caller-chosen key; documented forms are `tx_…` and `wd_…`, field use shows bare UUIDs too. */
export const IdempotencyKeySchema = z
  .string()
  .min(8, "Idempotency-Key must have at least 8 characters")
  .max(128, "Idempotency-Key must have at most 128 characters")
  .regex(/^[A-Za-z0-9_\-:.]+$/, "Idempotency-Key may only contain letters, digits, _ - : .")

const cents = (what: string) =>
  z
    .number({ error: `${what} must be a number of cents` })
    .int(`${what} must be an integer number of cents`)
    .positive(`${what} must be greater than zero`)
    .max(Number.MAX_SAFE_INTEGER)

const DocumentSchema = z
  .strictObject({
    // The alphanumeric CNPJ (from July 2026) has letters in its first 12 characters, sent upper-case.
    number: z
      .string()
      .toUpperCase()
      .regex(
        /^\d{11}$|^[0-9A-Z]{12}\d{2}$/,
        "document.number must be 11 digits (CPF) or 14 characters (CNPJ: 12 letters or digits, then 2 digits)"
      ),
    type: z.enum(["CPF", "CNPJ"]),
  })
  .superRefine((doc, ctx) => {
    const ok = doc.type === "CPF" ? isValidCpf(doc.number) : isValidCnpj(doc.number)
    if (!ok)
      ctx.addIssue({
        code: "custom",
        message: `document.number is not a valid ${doc.type}`,
        path: ["number"],
      })
  })

export const CustomerSchema = z.strictObject({
  id: z.string().max(128).optional(),
  name: z.string().trim().min(1, "customer.name is required").max(200),
  email: z.email("customer.email must be a valid e-mail address"),
  document: DocumentSchema.optional(),
  phone: z
    .string()
    .regex(/^\d{10,13}$/, "customer.phone must be 10 to 13 digits")
    .optional(),
  externalRef: z.string().max(128).optional(),
})

export const ItemSchema = z.strictObject({
  title: z.string().trim().min(1).max(255),
  unitPrice: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  tangible: z.boolean(),
})

export const PAYMENT_METHODS = ["PIX", "BOLETO", "CREDIT_CARD"] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const CreateTransactionSchema = z
  .strictObject({
    amount: cents("amount"),
    currency: z.literal("BRL", "currency must be BRL").default("BRL"),
    paymentMethod: z.enum(PAYMENT_METHODS, "paymentMethod must be PIX, BOLETO or CREDIT_CARD"),
    installments: z.number().int().min(1).max(24).optional(),
    customer: CustomerSchema,
    items: z.array(ItemSchema).max(500).optional(),
    pix: z.strictObject({ expiresInDays: z.number().int().min(1).max(365) }).optional(),
    traceable: z.boolean().optional(),
    ip: z.ipv4("ip must be an IPv4 address").optional(),
  })
  .superRefine((req, ctx) => {
    if (req.pix && req.paymentMethod !== "PIX") {
      ctx.addIssue({
        code: "custom",
        message: "pix options are only valid with paymentMethod PIX",
        path: ["pix"],
      })
    }
    if (req.paymentMethod === "PIX" && req.installments !== undefined && req.installments !== 1) {
      ctx.addIssue({ code: "custom", message: "PIX takes installments 1", path: ["installments"] })
    }
  })
export type CreateTransactionRequest = z.input<typeof CreateTransactionSchema>

export const ListTransactionsSchema = z.strictObject({
  page: z.number().int().min(1, "page starts at 1").default(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, `pageSize is at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .enum(["createdAt_desc", "createdAt_asc"], "sort must be createdAt_desc or createdAt_asc")
    .default("createdAt_desc"),
})
export type ListTransactionsQuery = z.input<typeof ListTransactionsSchema>

export const BalanceQuerySchema = z.strictObject({
  companyId: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]).transform(String),
  currency: z.literal("BRL", "currency must be BRL").default("BRL"),
})

export const WithdrawalSchema = z
  .strictObject({
    amount: z
      .number({ error: "amount must be a number of cents" })
      .int("amount must be an integer number of cents")
      .min(
        MIN_WITHDRAWAL_CENTS,
        `amount must be at least ${MIN_WITHDRAWAL_CENTS} cents (R$ 10,00), the gateway's minimum withdrawal`
      )
      .max(Number.MAX_SAFE_INTEGER),
    currency: z.literal("BRL", "currency must be BRL").default("BRL"),
    pixKey: z.string().trim().min(1).max(140).optional(),
    pixKeyType: z
      .enum(PIX_KEY_TYPES, "pixKeyType must be CPF, CNPJ, EMAIL, PHONE or EVP")
      .optional(),
    description: z.string().max(255).optional(),
    metadata: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
  })
  .superRefine((req, ctx) => {
    if (req.pixKeyType && !req.pixKey) {
      ctx.addIssue({
        code: "custom",
        message: "pixKeyType was given without a pixKey",
        path: ["pixKey"],
      })
    }
    // The key as given: a stray character is refused here, never stripped into another key.
    if (req.pixKey && req.pixKeyType) {
      const problem = pixKeyProblem(req.pixKeyType, req.pixKey)
      if (problem) ctx.addIssue({ code: "custom", message: `pixKey ${problem}`, path: ["pixKey"] })
    }
  })
  // Runs only once the checks above passed: the gateway gets the key in its canonical form.
  .transform((req) => ({
    ...req,
    pixKey: req.pixKey && req.pixKeyType ? normalisePixKey(req.pixKeyType, req.pixKey) : req.pixKey,
  }))
export type WithdrawalRequest = z.input<typeof WithdrawalSchema>

export const RecordIdSchema = z
  .union([
    z
      .string()
      .trim()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/, "id has invalid characters"),
    z.number().int().positive(),
  ])
  .transform(String)

/** Flattens zod issues into readable lines: "customer.email: must be a valid e-mail address". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join(".")
    return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message
  })
}
