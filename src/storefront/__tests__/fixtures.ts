/** Status route answers as the plugin serves them, for the storefront tests. */
import type { VorexyCardConfig, VorexyPaymentStatus } from "../types"

export const PIX_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Loja Exemplo6009SAO PAULO62070503***6304ABCD"

export const pixStatus = (over: Partial<VorexyPaymentStatus> = {}): VorexyPaymentStatus => ({
  order_id: "order_01",
  payment_session_id: "payses_01",
  transaction_id: "tx_01",
  method: "pix",
  status: "pending",
  paid: false,
  amount_cents: 9990,
  currency_code: "brl",
  payable: true,
  closing: false,
  closed_reason: null,
  qr_code: PIX_CODE,
  qr_code_image: "data:image/png;base64,iVBORw0KGgo=",
  expires_at: "2026-03-10T15:15:00.000Z",
  paid_at: null,
  updated_at: "2026-03-10T15:00:00.000Z",
  ...over,
})

export const boletoStatus = (over: Partial<VorexyPaymentStatus> = {}) =>
  pixStatus({
    method: "boleto",
    qr_code: null,
    qr_code_image: null,
    digitable_line: "34191790010104351004791020150008291070026000",
    barcode: "34192910700260000179001010435100479102015000",
    boleto_url: "https://vorexy.invalid/boleto/tx_01.pdf",
    due_at: "2026-03-13T02:59:59.000Z",
    expires_at: "2026-03-13T02:59:59.000Z",
    ...over,
  })

export const cardStatus = (over: Partial<VorexyPaymentStatus> = {}) =>
  pixStatus({
    method: "credit_card",
    qr_code: null,
    qr_code_image: null,
    expires_at: null,
    card_brand: "Visa",
    card_last4: "1111",
    installments: 3,
    refused_reason: null,
    ...over,
  })

export const CARD_CONFIG: VorexyCardConfig = {
  public_key: "pk_sandbox_1001",
  token_script_url: "https://sandbox.vorexy.invalid/js/vorexy-card.js",
  max_installments: 6,
  min_installment_cents: 500,
  installments_for_amount: 3,
}

/** Text as read aloud: Intl puts a no-break space in "R$ 99,90". */
export const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ")
