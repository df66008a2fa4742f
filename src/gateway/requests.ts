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

/** A Brazilian address in the template's shape (a boleto needs the payer's; shipping the buyer's). */
export const AddressSchema = z.strictObject({
  street: z.string().trim().min(1, "address.street is required").max(200),
  streetNumber: z.string().trim().min(1, "address.streetNumber is required").max(20),
  complement: z.string().trim().max(200).optional(),
  zipCode: z.string().regex(/^\d{8}$/, "address.zipCode must be 8 digits (CEP)"),
  neighborhood: z.string().trim().min(1, "address.neighborhood is required").max(100),
  city: z.string().trim().min(1, "address.city is required").max(100),
  state: z.string().regex(/^[A-Z]{2}$/, "address.state must be a two-letter UF"),
  country: z
    .string()
    .regex(/^[a-z]{2}$/, "address.country must be a two-letter code")
    .default("br"),
})
export type Address = z.input<typeof AddressSchema>

/** The e-mail check of a charge request, for callers that must accept exactly what it accepts. */
export const EmailSchema = z.email("customer.email must be a valid e-mail address")
export const isEmail = (value: string) => EmailSchema.safeParse(value).success

export const CustomerSchema = z.strictObject({
  id: z.string().max(128).optional(),
  name: z.string().trim().min(1, "customer.name is required").max(200),
  email: EmailSchema,
  document: DocumentSchema.optional(),
  phone: z
    .string()
    .regex(/^\d{10,13}$/, "customer.phone must be 10 to 13 digits")
    .optional(),
  address: AddressSchema.optional(),
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

/** The options block each method takes, and which method it belongs to. */
const METHOD_BLOCKS = { pix: "PIX", boleto: "BOLETO", card: "CREDIT_CARD" } as const

export const CreateTransactionSchema = z
  .strictObject({
    amount: cents("amount"),
    currency: z.literal("BRL", "currency must be BRL").default("BRL"),
    paymentMethod: z.enum(PAYMENT_METHODS, "paymentMethod must be PIX, BOLETO or CREDIT_CARD"),
    installments: z.number().int().min(1).max(24).optional(),
    customer: CustomerSchema,
    items: z.array(ItemSchema).max(500).optional(),
    /** The template's fee location: items plus `shipping.fee` add up to `amount`. */
    shipping: z
      .strictObject({ fee: z.number().int().nonnegative(), address: AddressSchema.optional() })
      .optional(),
    pix: z.strictObject({ expiresInDays: z.number().int().min(1).max(365) }).optional(),
    boleto: z.strictObject({ expiresInDays: z.number().int().min(1).max(365) }).optional(),
    /** Only a token from the gateway's browser script: a card number never reaches this server. */
    card: z
      .strictObject({
        hash: z.string().trim().min(8, "card.hash must be a card token").max(4096),
      })
      .optional(),
    traceable: z.boolean().optional(),
    ip: z.ipv4("ip must be an IPv4 address").optional(),
  })
  .superRefine((req, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", message, path: [path] })
    for (const [block, method] of Object.entries(METHOD_BLOCKS)) {
      if (req[block as keyof typeof METHOD_BLOCKS] && req.paymentMethod !== method) {
        issue(block, `${block} options are only valid with paymentMethod ${method}`)
      }
    }
    if (
      req.paymentMethod !== "CREDIT_CARD" &&
      req.installments !== undefined &&
      req.installments !== 1
    ) {
      issue("installments", `${req.paymentMethod} takes installments 1`)
    }
    if (req.paymentMethod === "CREDIT_CARD" && !req.card)
      issue("card", "a card payment needs card.hash")
    if (req.paymentMethod === "BOLETO") {
      if (!req.customer.document) issue("customer", "a boleto needs the payer's CPF or CNPJ")
      if (!req.customer.address) issue("customer", "a boleto needs the payer's address")
    }
    if (req.items?.length) {
      const total = req.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0)
      const fee = req.shipping?.fee ?? 0
      if (total + fee !== req.amount) {
        issue(
          "items",
          `items (${total}) plus shipping.fee (${fee}) must add up to amount (${req.amount})`
        )
      }
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
