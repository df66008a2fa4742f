/**
 * What a browser fetches from the gateway, without API credentials: a boleto's slip (PDF), the
 * card tokeniser (CORS, so a storefront page may call it) and the script that calls it.
 */
import { boletoPdf } from "../boleto-pdf"
import { CARD_SCRIPT } from "../card-script"
import type { Route } from "../http"
import { ApiError, SandboxState } from "../state"

/** Any page may call the tokeniser: the public key, not the origin, says which company it is. */
const CORS = { "access-control-allow-origin": "*" }

export function paymentMethodRoutes(state: SandboxState): Route[] {
  return [
    {
      method: "GET",
      pattern: /^\/boletos\/([^/]+)\.pdf$/,
      name: "boletoPdf",
      api: false,
      handle: ({ params }) => {
        const id = decodeURIComponent(params[0])
        const transaction = state.transactions.get(id)
        if (!transaction?.boleto) throw new ApiError(404, `Boleto ${id} not found`)
        const company = state.company(transaction.companyId)
        const pdf = boletoPdf({
          beneficiaryName: company.name,
          beneficiaryDocument: company.document,
          payerName: transaction.customer.name,
          amountCents: transaction.amountCents,
          dueDate: transaction.boleto.expirationDate,
          digitableLine: transaction.boleto.digitableLine,
          barcode: transaction.boleto.barcode,
        })
        return {
          status: 200,
          raw: pdf,
          headers: {
            "content-type": "application/pdf",
            "content-disposition": `inline; filename="boleto-${id}.pdf"`,
          },
        }
      },
    },
    {
      method: "OPTIONS",
      pattern: /^\/api\/v1\/card-tokens$/,
      name: "cardTokensPreflight",
      api: false,
      headers: CORS,
      handle: () => ({
        status: 204,
        raw: "",
        headers: {
          "access-control-allow-methods": "POST, OPTIONS",
          "access-control-allow-headers": "Content-Type",
          "access-control-max-age": "600",
        },
      }),
    },
    {
      method: "POST",
      pattern: /^\/api\/v1\/card-tokens$/,
      name: "cardTokens",
      api: false,
      headers: CORS,
      handle: ({ body }) => {
        const token = state.cardTokens.issue(body)
        return {
          status: 201,
          body: {
            token: token.token,
            brand: token.brand,
            lastDigits: token.lastDigits,
            expiresAt: new Date(token.expiresAt).toISOString(),
          },
        }
      },
    },
    {
      method: "GET",
      pattern: /^\/js\/vorexy-card\.js$/,
      name: "cardScript",
      api: false,
      headers: CORS,
      handle: () => ({
        status: 200,
        raw: CARD_SCRIPT,
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
      }),
    },
  ]
}
