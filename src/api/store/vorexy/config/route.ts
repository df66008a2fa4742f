/**
 * GET /store/vorexy/config[?amount_cents=] — what a storefront needs before it creates a Vorexy
 * payment session: whether cards are on, the public key and the tokenisation script to load (a card
 * is tokenised in the browser; the number never reaches the store), the installments a cart of
 * that amount may use with what each costs (installments above the free ones bear interest), and
 * the PIX and boleto discounts. Nothing secret.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { DISCOUNT_CODES, type MethodDiscount } from "../../../../method-discounts/promotions"
import { installmentPlan } from "../../../../providers/vorexy/installments"
import { maxInstallmentsFor } from "../../../../providers/vorexy/options"
import type { StoreVorexyConfigQueryType } from "./validators"

export const GET = async (
  req: MedusaRequest<unknown, StoreVorexyConfigQueryType>,
  res: MedusaResponse
) => {
  const { amount_cents } = req.validatedQuery as StoreVorexyConfigQueryType
  const options = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  const cardOn = Boolean(options.cardPublicKey && options.cardTokenScriptUrl)
  res.json({
    vorexy: {
      pix: {
        expires_in_days: options.pixExpiresInDays,
        discount: discountView(options.pixDiscount, DISCOUNT_CODES.pix),
      },
      boleto: {
        expires_in_days: options.boletoExpiresInDays,
        discount: discountView(options.boletoDiscount, DISCOUNT_CODES.boleto),
      },
      card: cardOn
        ? {
            public_key: options.cardPublicKey,
            token_script_url: options.cardTokenScriptUrl,
            max_installments: options.maxInstallments,
            min_installment_cents: options.minInstallmentCents,
            installments_for_amount:
              amount_cents === undefined ? null : maxInstallmentsFor(amount_cents, options),
            interest_free_installments: options.interestFreeInstallments ?? options.maxInstallments,
            installment_plan:
              amount_cents === undefined ? null : installmentPlan(amount_cents, options),
          }
        : null,
    },
  })
}

/** A method's discount as a storefront shows it before the shopper chooses ("5 % off with PIX"). */
function discountView(discount: MethodDiscount | undefined, code: string) {
  if (!discount) return null
  return {
    code,
    percent: discount.percent ?? null,
    amount: discount.amount ?? null,
    minimum_total: discount.minimumTotal,
  }
}
