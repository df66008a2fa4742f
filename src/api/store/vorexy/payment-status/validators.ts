import { z } from "@medusajs/framework/zod"
import { CHARGE_STATUSES } from "../../../../gateway"
import { storableString } from "../../../utils/text-guard"
import { LONG_POLL_MAX_MS } from "../../../../rules/timing"

export const StorePaymentStatusQuery = z
  .object({
    order_id: storableString("order_id")
      .regex(/^order_[A-Za-z0-9]+$/, "order_id is not an order id")
      .optional(),
    payment_session_id: storableString("payment_session_id")
      .regex(/^payses_[A-Za-z0-9]+$/, "payment_session_id is not a payment session id")
      .optional(),
    /** Long-poll: answer when the status differs from last_status (default: the current one). */
    wait: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()).optional(),
    timeout_ms: z.coerce
      .number()
      .int()
      .min(500)
      .max(LONG_POLL_MAX_MS, `timeout_ms is at most ${LONG_POLL_MAX_MS}`)
      .optional(),
    last_status: z.enum(CHARGE_STATUSES).optional(),
    /** Long-poll: also answer when order_captured differs from this (default: the current one). */
    last_captured: z
      .preprocess(
        (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
        z.boolean()
      )
      .optional(),
    /** Long-poll: also answer when `payable` differs from this (the gateway closed the charge). */
    last_payable: z
      .preprocess(
        (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
        z.boolean()
      )
      .optional(),
  })
  .refine((q) => Boolean(q.order_id) !== Boolean(q.payment_session_id), {
    message: "Give exactly one of order_id or payment_session_id",
  })

export type StorePaymentStatusQueryType = z.infer<typeof StorePaymentStatusQuery>
