/**
 * What the storefront entry points (`medusa-payment-vorexy/storefront` and
 * `medusa-payment-vorexy/storefront/client`) speak: the Store API's shapes, as a browser sees them.
 */

export type VorexyMethod = "pix" | "boleto" | "credit_card"

export type VorexyChargeStatus =
  "pending" | "paid" | "cancelled" | "failed" | "refunded" | "disputed" | (string & {})

/** `GET /store/vorexy/payment-status` → `payment_status` (docs/webhooks.md, "What the storefront reads"). */
export type VorexyPaymentStatus = {
  order_id: string | null
  payment_session_id: string | null
  transaction_id: string | null
  method: VorexyMethod
  status: VorexyChargeStatus
  paid: boolean
  /**
   * The store (Medusa) has captured this payment into its order: the store's own order pages now
   * show it paid. Absent from an older server.
   */
  order_captured?: boolean
  amount_cents: number
  currency_code: string
  /**
   * False once nothing more can be paid (paid, expired, cancelled, the order cancelled), or once
   * the store could not confirm the payment (`unconfirmed_reason`).
   */
  payable: boolean
  /**
   * The gateway cancelled it at its expiry, and the store still awaits a payment made in time:
   * nothing to pay, but not over. Absent from an older server, which does not take `last_payable`.
   */
  closing?: boolean
  closed_reason: string | null
  /**
   * Why the store cannot confirm this payment (the shopper should contact it): "unknown_at_gateway"
   * when the gateway does not know the charge; "paid_without_order" when it was paid but the cart
   * could not become an order. Null (or absent, from an older server): none.
   */
  unconfirmed_reason?:
    | "unknown_at_gateway"
    | "paid_without_order"
    | "amount_mismatch"
    | "late_payment"
    | (string & {})
    | null
  qr_code: string | null
  qr_code_image: string | null
  expires_at: string | null
  paid_at: string | null
  updated_at: string | null
  digitable_line?: string | null
  barcode?: string | null
  boleto_url?: string | null
  due_at?: string | null
  card_brand?: string | null
  card_last4?: string | null
  installments?: number | null
  /** The installments' interest in cents, included in amount_cents (0 or absent: none). */
  interest_cents?: number | null
  refused_reason?: string | null
  /**
   * A PIX or boleto whose order may get a new one once it lapses ("Gerar novo PIX", "2ª via"):
   * until when, and how many more. Null (or absent, from an older server or a store without
   * renewals): none.
   */
  renewable_until?: string | null
  renewals_left?: number | null
  /** The store's clock when it answered (absent from an older server). */
  server_time?: string | null
  /**
   * Added by the client on receipt: the store's clock less the device's, in ms, so a countdown
   * runs on the store's time however wrong the device's clock is (0 or absent: the device's).
   */
  clock_offset_ms?: number
}

/** `GET /store/vorexy/config` → `vorexy`. */
/** A discount for paying with a method: a percent of the items or an amount in reais. */
export type VorexyMethodDiscount = {
  code: string
  percent: number | null
  amount: number | null
  /** The items' subtotal (reais) a cart needs for it; 0: any cart. */
  minimum_total: number
}

export type VorexyStoreConfig = {
  pix: { expires_in_days: number; discount?: VorexyMethodDiscount | null }
  boleto: { expires_in_days: number; discount?: VorexyMethodDiscount | null }
  card: {
    public_key: string
    token_script_url: string
    max_installments: number
    min_installment_cents: number
    installments_for_amount: number | null
    /** Installments up to this many carry no interest (absent, from an older server: all). */
    interest_free_installments?: number
    /**
     * For the amount asked about: each split the cart may use, as the store charges it (absent
     * without an amount, or from an older server).
     */
    installment_plan?: VorexyInstallmentTerms[] | null
  } | null
}

/** One split of a card payment: what each installment is and what the card is charged in all. */
export type VorexyInstallmentTerms = {
  installments: number
  installment_cents: number
  total_cents: number
  /** 0: interest-free. */
  interest_cents: number
}

/** Which charge to follow: an order's, or a payment session's (before the order exists). */
export type VorexyStatusTarget = { orderId: string } | { paymentSessionId: string }

/** The payer as the payer form collects it; becomes the payment session's `data`. */
export type VorexyPayer = { name: string; email: string; document: string; phone: string }

/** A card as typed in the card form; never leaves the browser except to the tokeniser. */
export type VorexyCardInput = {
  number: string
  holderName: string
  expMonth: string
  expYear: string
  cvv: string
}

export type VorexyLocale = "pt-BR" | "en"

/** The card part of the store config (`config.card` when cards are on). */
export type VorexyCardConfig = NonNullable<VorexyStoreConfig["card"]>

/** A Vorexy payment session as the cart or order carries it (the newest one). */
export type VorexySession = {
  id: string
  provider_id: string
  status: string
  data: Record<string, unknown>
}

/** What the card form hands back: the payment session `data` adds these to the payer. */
export type VorexyCardPayment = { card_token: string; installments: number }

/** How a payment view is shown; also its root's `data-state`. */
export type VorexyViewState =
  | "pending"
  | "closing"
  | "paid"
  | "expired"
  | "cancelled"
  | "failed"
  | "analysis"
  | "refused"
  | "unconfirmed"
