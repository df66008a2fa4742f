/**
 * A charge's facts: what the gateway's first answer tells of a charge beyond its id, amount and
 * status. Each is declared here once, with where the plugin keeps it and who may read it; every
 * shape that carries them (a method's outcome, the session data, the charge-created event, the
 * charge row, the status route, the admin API, the e-mails) is derived from this table in
 * `shapes.ts`. A method reads its facts from the gateway's answer in its `outcome`
 * (`providers/vorexy/core/methods/`), typed by this table: a fact added here must be read there.
 *
 * Pure: no Medusa, nothing else of the plugin, so every layer may import it.
 */

export const CHARGE_METHODS = ["pix", "boleto", "credit_card"] as const
export type ChargeMethodName = (typeof CHARGE_METHODS)[number]

export type ChargeFactSpec = {
  /** Whose answer carries it: one method's, or every method's. */
  readonly method: ChargeMethodName | "every"
  /** Text, a whole number, or an instant (an ISO string; a date on the row). */
  readonly type: "text" | "integer" | "instant"
  /**
   * On the charge row: a column of its own (every row has it; views show it for every method), or
   * a key of the row's `details` (only the method's own keys are there).
   */
  readonly stored: "column" | "details"
  /**
   * In the session data, which the shopper can read through the Store API: "fact", dropped with
   * its charge; "input", also what the shopper chose (kept when a charge is forgotten); "no".
   */
  readonly session: "fact" | "input" | "no"
  /** In the status route (the storefront): always, only while the charge can be paid, or never. */
  readonly storefront: "always" | "while_payable" | "never"
  /** In the admin API. */
  readonly admin: boolean
}

/**
 * Every fact, in the order the views list them (the status route's order: the QR, the method's
 * own, then the expiry).
 */
export const CHARGE_FACTS = {
  /** PIX copy-and-paste payload. */
  qr_code: {
    method: "pix",
    type: "text",
    stored: "column",
    session: "fact",
    storefront: "while_payable",
    admin: false,
  },
  /** PNG data URL of the same payload, rendered locally (the admin does not need it). */
  qr_code_image: {
    method: "pix",
    type: "text",
    stored: "column",
    session: "fact",
    storefront: "while_payable",
    admin: false,
  },
  /** BOLETO: the 47-digit linha digitável. */
  digitable_line: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "while_payable",
    admin: true,
  },
  /** BOLETO: the 44-digit barcode. */
  barcode: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "while_payable",
    admin: true,
  },
  /** BOLETO: its PDF, only ever an http(s) link. */
  boleto_url: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "while_payable",
    admin: true,
  },
  /** BOLETO: when it stops being payable. */
  due_at: {
    method: "boleto",
    type: "instant",
    stored: "details",
    session: "fact",
    storefront: "always",
    admin: true,
  },
  /** CREDIT_CARD: never more of the card than its brand and last 4 digits. */
  card_brand: {
    method: "credit_card",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "always",
    admin: true,
  },
  card_last4: {
    method: "credit_card",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "always",
    admin: true,
  },
  /** CREDIT_CARD: what the shopper chose (sent with the card token), as the gateway charged it. */
  installments: {
    method: "credit_card",
    type: "integer",
    stored: "details",
    session: "input",
    storefront: "always",
    admin: true,
  },
  /**
   * CREDIT_CARD: the interest of the shopper's installments, in cents: the charge's amount less the
   * order's (0 for an interest-free split). Set with the installments, from the store's options.
   */
  interest_cents: {
    method: "credit_card",
    type: "integer",
    stored: "details",
    session: "input",
    storefront: "always",
    admin: true,
  },
  /** CREDIT_CARD: why the issuer or the gateway refused it, when it says (a refusal is thrown). */
  refused_reason: {
    method: "credit_card",
    type: "text",
    stored: "details",
    session: "no",
    storefront: "always",
    admin: true,
  },
  /** When the charge stops being payable: a PIX's expiry, a boleto's due date, a card's analysis. */
  expires_at: {
    method: "every",
    type: "instant",
    stored: "column",
    session: "fact",
    storefront: "always",
    admin: true,
  },
} as const satisfies Record<string, ChargeFactSpec>

type Facts = typeof CHARGE_FACTS
export type ChargeFactKey = keyof Facts

/** A fact's value as the gateway's answer, the session and the event carry it. */
export type ChargeFactValue<K extends ChargeFactKey> = Facts[K]["type"] extends "integer"
  ? number
  : string

/** The facts whose declaration has (some of) these attributes. */
export type ChargeFactKeyWhere<Spec> = {
  [K in ChargeFactKey]: Facts[K] extends Spec ? K : never
}[ChargeFactKey]

/** What one method's first answer tells: each of its facts, and those of every method. */
export type MethodFacts<M extends ChargeMethodName = ChargeMethodName> = M extends ChargeMethodName
  ? { [K in ChargeFactKeyWhere<{ method: M | "every" }>]: ChargeFactValue<K> | null }
  : never

export type ColumnFactKey = ChargeFactKeyWhere<{ stored: "column" }>
export type DetailsFactKey = ChargeFactKeyWhere<{ stored: "details" }>
export type SessionFactKey = ChargeFactKeyWhere<{ session: "fact" | "input" }>
export type StorefrontFactKey = ChargeFactKeyWhere<{ storefront: "always" | "while_payable" }>
export type AdminFactKey = ChargeFactKeyWhere<{ admin: true }>

/** The charge row's `details`: its method's facts kept there (another method's keys never are). */
export type ChargeDetails = { [K in DetailsFactKey]?: ChargeFactValue<K> | null }

/** The facts as the charge-created event and the charge row carry them: columns and `details`. */
export type StoredChargeFacts = { [K in ColumnFactKey]: ChargeFactValue<K> | null } & {
  details?: ChargeDetails | null
}

/** The facts in a payment session's data. */
export type SessionChargeFacts = { [K in SessionFactKey]?: ChargeFactValue<K> | null }
