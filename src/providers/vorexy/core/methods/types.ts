/**
 * What a payment method adds to the charge lifecycle the base owns: what the storefront must send
 * for it, its request fields, what it shows the shopper, and what its first answer means.
 */
import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { ChargeMethodName, MethodFacts } from "../../../../charge-facts"
import type { Address, CreatedTransaction, CreateTransactionRequest } from "../../../../gateway"
import type { VorexyOptions } from "../../options"
import type { MethodLabel } from "../errors"
import type { Payer, SealedPayer } from "../payer"
import type { VorexySessionData } from "../session-data"

export type MethodInput = {
  /** The storefront's data, with what the plugin attached server-side. */
  data: Record<string, unknown> | undefined
  amountCents: number
  options: VorexyOptions
  payer: Partial<Payer>
  /** The cart's billing address in the gateway's shape, or what is missing from it. */
  address: { address: Address } | { missing: string[] }
}

export type MethodInputResult = {
  /** Fields the shopper may read. */
  shown?: Partial<VorexySessionData>
  /** Fields sealed with the payer (a card token is a secret). */
  sealed?: Partial<SealedPayer>
  /** What the gateway is charged, when not the order's amount (a card's installments with interest). */
  chargedCents?: number
}

/** What a method charges for an order's amount, given what the shopper chose. */
export type ChargedAmount = { cents: number; shown: Partial<VorexySessionData> }

export type ChargeOutcome<M extends ChargeMethodName = ChargeMethodName> = {
  status: PaymentSessionStatus
  /**
   * What the answer tells of the charge, each fact as declared in `charge-facts/fields.ts`: the
   * session data, the charge-created event and the charge row are derived from it.
   */
  facts: MethodFacts<M>
  /** Paid, but not the session's amount: recorded for the sync to flag, then refused. */
  amountMismatch?: boolean
}

export interface ChargeMethod<M extends ChargeMethodName = ChargeMethodName> {
  readonly paymentMethod: CreateTransactionRequest["paymentMethod"]
  /** How messages name it ("Vorexy boleto: …"). */
  readonly label: MethodLabel
  /** What this method needs at session creation; throws a 400 naming what is missing or wrong. */
  readInput(input: MethodInput): MethodInputResult
  /**
   * What the gateway is charged when the order's amount changes after the session was made; absent:
   * the order's amount.
   */
  charged?(
    orderCents: number,
    session: Partial<VorexySessionData>,
    options: VorexyOptions
  ): ChargedAmount
  /** This method's fields of the create request. */
  requestFields(
    payer: SealedPayer,
    session: Partial<VorexySessionData>,
    options: VorexyOptions
  ): Partial<CreateTransactionRequest>
  /** What the gateway's answer to the create means (never throws: the charge is recorded first). */
  outcome(
    created: CreatedTransaction,
    session: Partial<VorexySessionData>,
    options: VorexyOptions
  ): Promise<ChargeOutcome<M>>
}
