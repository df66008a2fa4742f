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
