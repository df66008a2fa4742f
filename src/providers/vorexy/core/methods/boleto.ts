import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { boletoDueAt } from "../boleto-due"
import { errorsFor } from "../errors"
import type { ChargeMethod } from "./types"

const errors = errorsFor("boleto")

/**
 * BOLETO: a bank slip paid days later; the order waits. It needs the payer's CPF/CNPJ and address
 * (the cart's billing address), refused at session creation before any gateway call.
 */
export const boletoMethod: ChargeMethod<"boleto"> = {
  label: "boleto",
  paymentMethod: "BOLETO",
  readInput({ payer, address }) {
    const missing = [
      !payer.document && "CPF or CNPJ (data.document)",
      ...("missing" in address ? address.missing.map((m) => `billing address: ${m}`) : []),
    ].filter((m): m is string => Boolean(m))
    if (missing.length) throw errors.boletoNeeds(missing)
    return {}
  },
  requestFields: (_payer, _session, options) => ({
    installments: 1,
    boleto: { expiresInDays: options.boletoExpiresInDays },
  }),
  async outcome(created, _session, options) {
    const boleto = created.boleto ?? {}
    const dueAt = boletoDueAt(boleto.dueDate, options.boletoExpiresInDays)
    return {
      status: PaymentSessionStatus.PENDING_AUTHORIZATION,
      facts: {
        digitable_line: boleto.digitableLine ?? null,
        barcode: boleto.barcode ?? null,
        boleto_url: boleto.url ?? null,
        due_at: dueAt,
        expires_at: dueAt,
      },
    }
  },
}
