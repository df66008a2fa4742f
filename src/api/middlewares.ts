import {
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminChargesQuery,
  AdminCreateWithdrawal,
  AdminListQuery,
  AdminTransactionsQuery,
} from "./admin/vorexy/validators"
import { attachCheckoutContext } from "./utils/checkout-context"
import { StorePaymentStatusQuery } from "./store/vorexy/payment-status/validators"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/admin/vorexy/transactions",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(AdminTransactionsQuery, {})],
    },
    {
      matcher: "/admin/vorexy/withdrawals",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(AdminListQuery, {})],
    },
    {
      matcher: "/admin/vorexy/withdrawals",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreateWithdrawal)],
    },
    {
      matcher: "/admin/vorexy/charges",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(AdminChargesQuery, {})],
    },
    {
      matcher: "/store/vorexy/payment-status",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(StorePaymentStatusQuery, {})],
    },
    {
      // Keep the raw body (we parse it ourselves: any content type, clear 4xx) and bound its size.
      matcher: "/hooks/vorexy",
      methods: ["POST"],
      bodyParser: { preserveRawBody: true, sizeLimit: "256kb" },
    },
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [attachCheckoutContext],
    },
  ],
})
