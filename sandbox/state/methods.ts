/**
 * What BOLETO and CREDIT_CARD add to a charge at creation: the boleto the bank registers, and the
 * card's synchronous authorisation by the test card its token was made from.
 */
import { boletoBarcode, digitableLine } from "../boleto"
import { REFUSED_REASONS } from "../card"
import type { CardToken } from "./card-tokens"
import type { Boleto, TransactionState } from "./types"

/** Banco do Brasil's code: its free-field layout (convênio of 7 digits) is the one used below. */
const BOLETO_BANK = "001"
const BOLETO_WALLET = "17"

/**
 * The 25-digit free field in Banco do Brasil's layout: six zeros, the convênio (here the company
 * id), the 10-digit sequence of the nosso número (here the charge's internal id) and the wallet.
 */
export function boletoFreeField(companyId: number, internalId: number): string {
  const agreement = String(companyId % 10_000_000).padStart(7, "0")
  const sequence = String(internalId % 10_000_000_000).padStart(10, "0")
  return `000000${agreement}${sequence}${BOLETO_WALLET}`
}

export type BoletoIssue = {
  companyId: number
  internalId: number
  transactionId: string
  amountCents: number
  days: number
  /** The sandbox's own base URL (the slip is served there). */
  baseUrl: string
  today?: Date
}

/** Where the sandbox serves a boleto's slip. */
export const boletoUrl = (baseUrl: string, transactionId: string) =>
  `${baseUrl}/boletos/${transactionId}.pdf`

/** A boleto due `days` after today (UTC), expiring at the end of its due day. */
export function issueBoleto(input: BoletoIssue): Boleto {
  const today = input.today ?? new Date()
  const due = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + input.days)
  )
  const barcode = boletoBarcode({
    bank: BOLETO_BANK,
    dueDate: due,
    amountCents: input.amountCents,
    freeField: boletoFreeField(input.companyId, input.internalId),
  })
  return {
    url: boletoUrl(input.baseUrl, input.transactionId),
    digitableLine: digitableLine(barcode),
    barcode,
    expirationDate: `${due.toISOString().slice(0, 10)}T23:59:59.999Z`,
  }
}

export type CardAuthorisation = {
  state: Extract<TransactionState, "Paid" | "Refused" | "InAnalysis">
  refusedReason: string | { description: string } | null
}

/** The issuer's answer, decided by the test card the token was made from (sandbox/card.ts). */
export function authoriseCard(token: CardToken): CardAuthorisation {
  switch (token.outcome) {
    case "refused":
      return { state: "Refused", refusedReason: REFUSED_REASONS.refused }
    case "refusedExpired":
      return { state: "Refused", refusedReason: { ...REFUSED_REASONS.refusedExpired } }
    case "analysis":
      return { state: "InAnalysis", refusedReason: null }
    default:
      return { state: "Paid", refusedReason: null }
  }
}
