import { defineMiddlewares, validateAndTransformQuery } from "@medusajs/framework/http"
import { attachCheckoutContext } from "./utils/checkout-context"
import { StorePaymentStatusQuery } from "./store/vorexy/payment-status/validators"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/vorexy/payment-status",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(StorePaymentStatusQuery, {})],
    },
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [attachCheckoutContext],
    },
  ],
})
