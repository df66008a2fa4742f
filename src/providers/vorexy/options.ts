/**
 * Provider options, validated at boot (`validateOptions`) so a misconfigured store fails to start
 * with a message that says which option is wrong, never echoing a secret.
 */
import { z } from "@medusajs/framework/zod"
import { readPixDestinations, VorexyClient, VorexyLogger } from "../../gateway"

/** true/false, also as the strings an env var gives. */
const booleanOption = z.preprocess(
  (v) => (v === "false" ? false : v === "true" ? true : v),
  z.boolean()
)

const positiveIntString = z.union([
  z.number().int().positive(),
  z.string().regex(/^\d+$/, "must be digits"),
])

/** At most two decimal places: a percent of 4.75, an amount of R$ 10,50. */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9

/**
 * A discount for paying with one method ("5 % de desconto no PIX"): a percent of the items, or a
 * fixed amount in reais, for carts whose items add up to at least `minimumTotal` reais.
 */
const methodDiscount = (name: string) =>
  z
    .object({
      percent: z.coerce
        .number()
        .gt(0, `${name}.percent must be more than 0`)
        .max(90, `${name}.percent is at most 90`)
        .refine(twoDecimals, `${name}.percent has at most two decimal places`)
        .optional(),
      amount: z.coerce
        .number()
        .gt(0, `${name}.amount must be more than 0`)
        .refine(twoDecimals, `${name}.amount is in reais, with at most two decimal places`)
        .optional(),
      minimumTotal: z.coerce
        .number()
        .min(0, `${name}.minimumTotal cannot be negative`)
        .refine(twoDecimals, `${name}.minimumTotal is in reais, with at most two decimal places`)
        .default(0),
    })
    .strict()
    .refine(
      (discount) => (discount.percent === undefined) !== (discount.amount === undefined),
      `${name} needs either percent or amount (not both)`
    )
    // A fixed amount as large as the cart would make it free: Medusa then places the order
    // without any payment, whatever the method.
    .refine(
      (discount) => discount.amount === undefined || discount.minimumTotal > discount.amount,
      `${name}.amount needs a minimumTotal above it (a discount never pays a whole cart)`
    )

/**
 * The PIX keys withdrawals may go to (`withdrawalPixKeys`): a list of { type, key }, or from an env
 * var, "EMAIL:financeiro@loja.com.br,CNPJ:12.345.678/0001-95"; kept in canonical form.
 */
const pixDestinations = z.unknown().transform((value, ctx) => {
  const read = readPixDestinations(value)
  if (read.problem === null) return read.destinations
  ctx.addIssue({ code: "custom", message: `withdrawalPixKeys ${read.problem}` })
  return z.NEVER
})

/** A list, also as an env var gives it: comma-separated. */
const commaList = <T extends z.ZodTypeAny>(list: T) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    list
  )

/**
 * Each interest-bearing installment count's total surcharge in percent: `{ "4": 4.5, "5": 6 }`, or
 * from an env var, "4:4.5,5:6".
 */
const interestTable = z.preprocess(
  (value, ctx) => {
    if (typeof value !== "string") return value
    const table = tableFromText(value)
    if (typeof table !== "string") return table
    ctx.addIssue({ code: "custom", message: table })
    return z.NEVER
  },
  z.record(
    z.string().regex(/^(?:[1-9]|1[0-2])$/, "installmentInterestTable: counts are 1 to 12"),
    z.coerce
      .number()
      .gt(0, "installmentInterestTable: each surcharge is more than 0")
      .max(100, "installmentInterestTable: each surcharge is at most 100 (percent)")
      .refine(twoDecimals, "installmentInterestTable: at most two decimal places")
  )
)

const TABLE_ENTRY = /^\s*(\d{1,2})\s*:\s*(\d{1,3}(?:\.\d{1,2})?)\s*$/

/**
 * "4:4.5,5:6" as { "4": "4.5", "5": "6" }; anything else (a decimal comma, a count twice, a stray
 * part) as the message that refuses it, so a typo stops the boot instead of changing a price.
 */
function tableFromText(text: string): Record<string, string> | string {
  const table: Record<string, string> = {}
  for (const entry of text.split(",")) {
    const match = TABLE_ENTRY.exec(entry)
    if (!match || match[1] in table)
      return `installmentInterestTable: cannot read "${entry.trim().slice(0, 20)}"`
    table[match[1]] = match[2]
  }
  return table
}

/** Interest options that make sense together, or a message for each that does not. */
function checkInterest(
  options: {
    maxInstallments: number
    interestFreeInstallments?: number
    installmentInterestPercent?: number
    installmentInterestTable?: Record<string, number>
  },
  ctx: z.RefinementCtx
) {
  const free = options.interestFreeInstallments
  const rate = options.installmentInterestPercent
  const table = options.installmentInterestTable
  const most = options.maxInstallments
  const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message })
  if (rate !== undefined && table !== undefined)
    return problem(
      "installmentInterestPercent and installmentInterestTable: set one of them, not both"
    )
  const charged = rate !== undefined || table !== undefined
  if (free === undefined) {
    if (charged) problem("installment interest needs interestFreeInstallments (1 for none free)")
    return
  }
  if (free > most) return problem(`interestFreeInstallments is above maxInstallments (${most})`)
  if (!charged && free < most)
    return problem(
      "interestFreeInstallments below maxInstallments needs installmentInterestPercent or installmentInterestTable"
    )
  if (charged && free >= most)
    return problem(
      "installment interest is set, but interestFreeInstallments leaves no installment to bear it (raise maxInstallments)"
    )
  if (!table) return
  const counts = Object.keys(table).map(Number)
  const wanted = Array.from({ length: most - free }, (_, i) => free + 1 + i)
  if (counts.length !== wanted.length || wanted.some((n) => !(String(n) in table)))
    return problem(
      `installmentInterestTable needs exactly the counts ${wanted.join(", ")} (above interestFreeInstallments, up to maxInstallments)`
    )
  if (wanted.some((n, i) => i > 0 && table[String(n)] < table[String(n - 1)]))
    problem("installmentInterestTable: a longer split never costs less than a shorter one")
}

export const VorexyOptionsSchema = z.object({
  /** X-Client-Id: the public client id from the Vorexy panel (VOREXY_CLIENT_ID). */
  clientId: z
    .string({ error: "clientId is required (VOREXY_CLIENT_ID)" })
    .trim()
    .min(1, "clientId is required (VOREXY_CLIENT_ID)"),
  /** X-API-Key: the company's secret key (VOREXY_API_KEY). Never logged. */
  apiKey: z
    .string({ error: "apiKey is required (VOREXY_API_KEY)" })
    .trim()
    .min(1, "apiKey is required (VOREXY_API_KEY)"),
  /** Base URL of the API, e.g. https://vorexy.com (VOREXY_BASE_URL). */
  baseUrl: z
    .string({ error: "baseUrl is required (VOREXY_BASE_URL)" })
    .regex(/^https?:\/\/[^\s/]+/i, "baseUrl must be an http(s) URL (VOREXY_BASE_URL)"),
  /** Company id for balance and withdrawals; learned from the gateway when absent (VOREXY_COMPANY_ID). */
  companyId: positiveIntString.optional(),
  /** Days until a PIX charge expires (gateway `pix.expiresInDays`). */
  pixExpiresInDays: z.coerce
    .number()
    .int()
    .min(1, "pixExpiresInDays is at least 1")
    .max(30, "pixExpiresInDays is at most 30")
    .default(1),
  /**
   * What the plugin signs and seals with: each charge's binding to its session, the sealed payer,
   * the e-mails' QR links (VOREXY_SIGNING_SECRET, at least 32 characters). Defaults to the API key;
   * set it so that rotating the API key changes nothing else (docs/production.md, "Rotating keys").
   */
  signingSecret: z
    .string()
    .trim()
    .min(32, "signingSecret must have at least 32 characters")
    .optional(),
  /**
   * Secrets signed with before (an old signingSecret, or the old API key when none was set):
   * what they made is still verified and opened, never made with them again
   * (VOREXY_PREVIOUS_SIGNING_SECRETS, comma-separated).
   */
  previousSigningSecrets: commaList(
    z
      .array(
        z.string().trim().min(16, "previousSigningSecrets holds secrets of at least 16 characters")
      )
      .max(10)
  ).default([]),
  /** Secret expected as `?token=` on the webhook URL (VOREXY_WEBHOOK_SECRET). */
  webhookSecret: z.string().min(16, "webhookSecret must have at least 16 characters").optional(),
  /** Per-attempt HTTP timeout towards the gateway. */
  timeoutMs: z.coerce.number().int().min(500).max(120000).default(15000),
  /** Retries of a safe gateway call (same Idempotency-Key) after a network error, 408/425/429/5xx. */
  maxRetries: z.coerce.number().int().min(0).max(6).default(3),
  /**
   * The only PIX keys a withdrawal may go to, set at deploy time (never from the admin). Without
   * it, a withdrawal goes only to the company's registered bank key (no pixKey is sent).
   */
  withdrawalPixKeys: pixDestinations.optional(),
  /** Withdrawals asked with a secret API key (no person, no MFA) are refused unless this is on. */
  allowApiKeyWithdrawals: booleanOption.default(false),
  /** An admin user with MFA must have passed it this recently to request a withdrawal. */
  withdrawalMfaMaxAgeMinutes: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Most the store withdraws in any 24 hours, in reais (as the discounts' amounts): requested,
   * unsettled and accepted withdrawals of every admin count. Unset: no limit.
   */
  withdrawalDailyLimit: z.coerce
    .number()
    .min(10, "withdrawalDailyLimit is in reais, at least 10 (the smallest withdrawal)")
    .refine(twoDecimals, "withdrawalDailyLimit is in reais, with at most two decimal places")
    .optional(),
  /** Who is e-mailed each withdrawal requested, completed or failed. */
  withdrawalNoticeEmails: commaList(
    z.array(z.email("withdrawalNoticeEmails holds e-mail addresses")).max(10)
  ).default([]),
  /** Cancel the order (releasing its stock) when its unpaid PIX charge expires or fails. */
  cancelOrderOnExpiry: booleanOption.default(true),
  /**
   * Process deliveries to Medusa's built-in /hooks/payment/<provider> route (which cannot check the
   * token). Off by default when a webhookSecret is set: then only /hooks/vorexy is honoured.
   */
  allowBuiltInWebhookRoute: booleanOption.optional(),
  /**
   * Take the payer's IP from X-Forwarded-For (Express's req.ip; Medusa trusts one proxy hop). Set
   * it when Medusa runs behind your own proxy or load balancer; otherwise the socket's address is
   * used and a client's header is ignored.
   */
  trustProxy: booleanOption.default(false),
  /** Days a webhook's raw body (personal data) is kept; the outcome stays. */
  webhookRetentionDays: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * "Gerar novo PIX" / a boleto's "2ª via": for this many hours after a PIX or boleto lapses
   * unpaid, its order stays open (its stock reserved) and the shopper may ask for a new charge for
   * the same order; the order is cancelled only when the window ends without one. 0: off (the
   * order is cancelled as soon as the charge lapses).
   */
  renewalHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24)
    .default(0),
  /** How many new charges an order may get that way. */
  maxRenewals: z.coerce.number().int().min(1).max(10).default(2),
  /**
   * Asks for a new charge one client (a logged-in customer, else an IP address) may make per
   * hour, across orders: each may reach the gateway and e-mail a shopper.
   */
  renewalsPerClientPerHour: z.coerce.number().int().min(1).max(1000).default(20),
  /** How long past expires_at a charge the gateway still calls awaiting is treated as expired. */
  expiryGraceMinutes: z.coerce.number().int().min(0).max(1440).default(10),
  /**
   * Most gateway calls the reconcile job makes per minute (it runs every 10 seconds, spending what
   * has refilled since): due work first (withdrawals, expiries, retries), then the sweeps of the
   * gateway's list. What does not fit waits for the next run.
   */
  reconcileCallsPerMinute: z.coerce.number().int().min(1).max(1000).default(60),
  /** Days until a boleto is due (gateway `boleto.expiresInDays`). */
  boletoExpiresInDays: z.coerce.number().int().min(1).max(30).default(3),
  /**
   * Bank business days past its due date an unpaid boleto is still awaited: a boleto paid on its
   * due date is settled by the banks one to three business days later (weekends and bank holidays
   * never count), so its order holds its stock that long.
   */
  boletoGraceDays: z.coerce.number().int().min(0).max(30).default(3),
  /**
   * Card payments are off unless both are set: the public key the storefront tokenises with, and
   * the URL of the gateway's tokenisation script it must load. A card number never reaches Medusa.
   */
  cardPublicKey: z.string().trim().min(1).max(512).optional(),
  // Every shopper's browser runs this script beside the card form: https only (plain http only
  // for a tokeniser on this machine, as the sandbox's).
  cardTokenScriptUrl: z
    .string()
    .regex(
      /^(https:\/\/[^\s/]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/)/i,
      "cardTokenScriptUrl must be an https URL (http only for localhost)"
    )
    .optional(),
  /** Most installments a card payment may be split in. */
  maxInstallments: z.coerce.number().int().min(1).max(12).default(1),
  /** Smallest installment: bounds how many a cart may use. */
  minInstallmentCents: z.coerce.number().int().min(1).default(500),
  /**
   * Installments up to this many carry no interest (the cart total is charged); above it, the
   * shopper pays interest: a monthly rate (`installmentInterestPercent`, the Price table) or a
   * total surcharge per count (`installmentInterestTable`). Without either, every one is free.
   */
  interestFreeInstallments: z.coerce.number().int().min(1).max(12).optional(),
  installmentInterestPercent: z.coerce
    .number()
    .gt(0, "installmentInterestPercent must be more than 0")
    .max(10, "installmentInterestPercent is a monthly rate of at most 10")
    .refine(twoDecimals, "installmentInterestPercent has at most two decimal places")
    .optional(),
  installmentInterestTable: interestTable.optional(),
  /**
   * Discounts for paying by PIX or boleto, as Medusa promotions the plugin keeps (codes
   * DESCONTO-PIX, DESCONTO-BOLETO): applied to the cart when the shopper chooses the method,
   * removed when they choose another, refused at completion with any other method.
   */
  pixDiscount: methodDiscount("pixDiscount").optional(),
  boletoDiscount: methodDiscount("boletoDiscount").optional(),
  /**
   * The shopper's payment e-mails (PIX and boleto: how to pay, paid, expired), sent through
   * Medusa's Notification Module when it has a provider for the "email" channel. Template ids are
   * the store's own; off with `paymentEmails: false`.
   */
  paymentEmails: booleanOption.default(true),
  /**
   * The reminder e-mail (with how to pay again and the order's page) before an unpaid PIX
   * expires, in minutes, and before 09:00 (Brasília) of a boleto's due day, in hours; 0: none.
   * Once per charge, and never sooner after the order than the same time (a PIX that lives
   * shorter gets none).
   */
  pixReminderMinutes: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(60),
  boletoReminderHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24)
    .default(24),
  emailTemplates: z
    .object({
      pix_created: z.string().min(1).default("vorexy-pix-created"),
      boleto_created: z.string().min(1).default("vorexy-boleto-created"),
      pix_reminder: z.string().min(1).default("vorexy-pix-reminder"),
      boleto_reminder: z.string().min(1).default("vorexy-boleto-reminder"),
      paid: z.string().min(1).default("vorexy-payment-received"),
      expired: z.string().min(1).default("vorexy-payment-expired"),
      withdrawal: z.string().min(1).default("vorexy-withdrawal-notice"),
    })
    .default({
      pix_created: "vorexy-pix-created",
      boleto_created: "vorexy-boleto-created",
      pix_reminder: "vorexy-pix-reminder",
      boleto_reminder: "vorexy-boleto-reminder",
      paid: "vorexy-payment-received",
      expired: "vorexy-payment-expired",
      withdrawal: "vorexy-withdrawal-notice",
    }),
  /** This backend's public URL: the e-mails' QR image is served from it (e-mail clients block data URLs). */
  publicUrl: z
    .string()
    .regex(/^https?:\/\/[^\s/]+/i, "publicUrl must be an http(s) URL")
    .optional(),
  /** The storefront's page for an order, with {order_id}: the e-mails link to it. */
  orderPageUrl: z
    .string()
    .regex(/^https?:\/\/\S*\{order_id\}/i, "orderPageUrl must be an http(s) URL with {order_id}")
    .optional(),
})

/** The options with the checks that span several of them. */
const CheckedOptionsSchema = VorexyOptionsSchema.superRefine(checkInterest)

export type VorexyOptionsInput = z.input<typeof VorexyOptionsSchema>
export type VorexyOptions = z.output<typeof VorexyOptionsSchema>

/** Blank env vars mean "not set": `VOREXY_COMPANY_ID=` must not fail as an invalid id. */
function dropBlank(options: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(options ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== "")
  )
}

/**
 * The options, or an error naming each wrong one (never its value). `entry` says which entry of
 * medusa-config they came from.
 */
export function parseVorexyOptions(
  options: Record<string, unknown>,
  entry: "provider" | "plugin" = "provider"
): VorexyOptions {
  const parsed = CheckedOptionsSchema.safeParse(dropBlank(options))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) =>
      i.path.length && !i.message.startsWith(String(i.path[0]))
        ? `${i.path.join(".")}: ${i.message}`
        : i.message
    )
    const hint =
      entry === "plugin"
        ? " (give the plugin entry in medusa-config the same options as the Vorexy payment provider)"
        : ""
    throw new Error(
      `medusa-payment-vorexy: invalid ${entry} options: ${problems.join("; ")}${hint}`
    )
  }
  return parsed.data
}

/** The gateway client for a set of options (the provider and the plugin's module both use it). */
export function clientFromOptions(options: VorexyOptions, logger?: VorexyLogger): VorexyClient {
  return new VorexyClient({
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    retry: { retries: options.maxRetries },
    // Redacted from everything the client logs or throws, with the API key.
    secrets: [options.webhookSecret, ...signingSecrets(options)].filter(
      (secret): secret is string => Boolean(secret)
    ),
    logger,
  })
}

/** The signing keyring: the secret to sign and seal with first, then those that verify only. */
export const signingSecrets = (options: VorexyOptions): string[] => [
  options.signingSecret ?? options.apiKey,
  ...options.previousSigningSecrets,
]

/** How many installments a cart of this amount may use, under the store's options. */
export function maxInstallmentsFor(
  amountCents: number,
  options: { maxInstallments: number; minInstallmentCents: number }
) {
  return Math.max(
    1,
    Math.min(options.maxInstallments, Math.floor(amountCents / options.minInstallmentCents))
  )
}
