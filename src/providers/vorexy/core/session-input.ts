/**
 * The provider's checks of a new session's data, by provider id, for the store route to run before
 * it changes the cart (api/utils/checkout-context.ts): the same function initiatePayment runs.
 */
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import type { VorexyOptions } from "../options"
import { methodLabelOf } from "../provider-ids"
import { boletoMethod } from "./methods/boleto"
import { cardMethod } from "./methods/card"
import { pixMethod } from "./methods/pix"
import type { ChargeMethod } from "./methods/types"
import { readSessionInput } from "./payer-session"

const BY_LABEL: Record<ReturnType<typeof methodLabelOf>, ChargeMethod> = {
  PIX: pixMethod,
  boleto: boletoMethod,
  card: cardMethod,
}

/** Throws the shopper's message when the provider would refuse this data (see readSessionInput). */
export function checkSessionInput(
  providerId: string,
  options: VorexyOptions,
  cents: number,
  data: Record<string, unknown> | undefined,
  customer?: PaymentCustomerDTO
): void {
  readSessionInput(BY_LABEL[methodLabelOf(providerId)], options, cents, data, customer)
}
