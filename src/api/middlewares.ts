import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import {
  AdminChargesQuery,
  AdminCreateWithdrawal,
  AdminListQuery,
  AdminSyncUnknown,
  AdminTransactionsQuery,
} from "./admin/vorexy/validators"
import { refuseCaptureOnCancelledOrder } from "./utils/cancelled-order-guard"
import { refuseReplacingOpenCharge } from "./utils/charge-in-progress-guard"
import { ADMIN_POLICIES } from "./utils/admin-policies"
import { attachCheckoutContext, guardSessionData } from "./utils/checkout-context"
import { jsonOnly } from "./utils/json-only"
import { applyMethodDiscount } from "./utils/method-choice"
import { dropMethodKeyFromCartMetadata } from "./utils/method-key-guard"
import { readRawBody } from "./utils/raw-body"
import { redactWebhookToken } from "./utils/webhook-token"
import { guardWithdrawalActor } from "./utils/withdrawal-actor"
import { refuseUndecodableUrl, textGuard, withVorexyUrlErrors } from "./utils/text-guard"
import { StoreVorexyConfigQuery } from "./store/vorexy/config/validators"
import { StorePaymentStatusQuery } from "./store/vorexy/payment-status/validators"
import { StoreChoosePaymentMethod } from "./store/vorexy/carts/[id]/payment-method/validators"

export default defineMiddlewares({
  // Only a bad URL on the plugin's own paths; everything else is Medusa's handler's, unchanged.
  errorHandler: withVorexyUrlErrors(),
  routes: [
    ...ADMIN_POLICIES.map(({ matcher, method, policies }) => ({
      matcher,
      methods: [method],
      policies,
    })),
    // Bad percent-encoding is a 400 before the plugin's layers decode the URL: plain prefixes, no
    // `*` (Express decodes a wildcard like a param). This holds even where a store's own error
    // handler replaced the plugin's (utils/text-guard.ts).
    ...["/admin/vorexy", "/store/vorexy", "/vorexy", "/hooks/vorexy", "/hooks/payment"].map(
      (matcher) => ({ matcher, middlewares: [refuseUndecodableUrl] })
    ),
    // Without methods, these run before every route's own middlewares (validators included).
    { matcher: "/admin/vorexy*", middlewares: [textGuard({ body: true })] },
    { matcher: "/store/vorexy*", middlewares: [textGuard({ body: true })] },
    // Medusa's own session route: its validator's message for a body it refuses (session data
    // sent as a list holding a `toString` key, say) fails to print, and answers a 500.
    // The admin's session route (Medusa 2.14+) takes the same session data: the same guards.
    ...["/store", "/admin"].map((prefix) => ({
      matcher: `${prefix}/payment-collections/:id/payment-sessions`,
      middlewares: [textGuard({ body: true })],
    })),
    // Any method: a gateway may probe the URL with GET or HEAD when it is saved.
    { matcher: "/hooks/vorexy*", middlewares: [redactWebhookToken] },
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
      middlewares: [
        guardWithdrawalActor,
        jsonOnly,
        validateAndTransformBody(AdminCreateWithdrawal),
      ],
    },
    // Money moving or a secret revealed: JSON only, so no cross-site form can (utils/json-only.ts).
    ...[
      "/admin/vorexy/charges/:id/sync",
      "/admin/vorexy/setup/webhook-token",
      "/admin/vorexy/webhook-self-test",
    ].map((matcher) => ({ matcher, methods: ["POST" as const], middlewares: [jsonOnly] })),
    {
      matcher: "/admin/vorexy/charges/sync-unknown",
      methods: ["POST"],
      middlewares: [jsonOnly, validateAndTransformBody(AdminSyncUnknown)],
    },
    {
      matcher: "/admin/vorexy/charges",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(AdminChargesQuery, {})],
    },
    {
      matcher: "/store/vorexy/config",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(StoreVorexyConfigQuery, {})],
    },
    {
      matcher: "/store/vorexy/payment-status",
      methods: ["GET"],
      middlewares: [validateAndTransformQuery(StorePaymentStatusQuery, {})],
    },
    {
      // The token is hidden from the logs first (above); then the raw body is read (we parse it ourselves:
      // any content type, a clear 4xx) and bounded. The guard checks only the URL: a delivery's
      // body is kept as sent (made storable when stored).
      matcher: "/hooks/vorexy",
      methods: ["POST"],
      bodyParser: false,
      middlewares: [textGuard({ body: false }), readRawBody(256 * 1024)],
    },
    {
      matcher: "/admin/orders/:id/payment-sessions/authorize",
      methods: ["POST"],
      middlewares: [refuseCaptureOnCancelledOrder],
    },
    {
      matcher: "/store/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      // Every check before anything on the cart changes: a refused request leaves it as it was.
      middlewares: [refuseReplacingOpenCharge, attachCheckoutContext, applyMethodDiscount],
    },
    ...["/store/carts", "/store/carts/:id"].map((matcher) => ({
      matcher,
      methods: ["POST" as const],
      middlewares: [dropMethodKeyFromCartMetadata],
    })),
    {
      matcher: "/store/vorexy/carts/:id/payment-method",
      methods: ["POST"],
      middlewares: [jsonOnly, validateAndTransformBody(StoreChoosePaymentMethod)],
    },
    // The admin's session route: card data, size and text refused as on the store's; its
    // collection's open charge is not replaced. (The method discount is the shopper's choice.)
    {
      matcher: "/admin/payment-collections/:id/payment-sessions",
      methods: ["POST"],
      middlewares: [refuseReplacingOpenCharge, guardSessionData],
    },
    // A new charge is made: JSON only, so no cross-site form can ask for one. A logged-in
    // customer may ask for their own orders without the order's token (utils/order-capability.ts).
    {
      matcher: "/store/vorexy/orders/:id/renew-charge",
      methods: ["POST"],
      middlewares: [
        jsonOnly,
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
      ],
    },
  ],
})
