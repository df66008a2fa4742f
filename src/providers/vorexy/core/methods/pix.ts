import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { pixExpiresAt } from "../pix-expiry"
import { qrImageDataUrl } from "../qr"
import type { ChargeMethod } from "./types"

/** PIX: a QR the shopper pays later; the order waits (pending_authorization). */
export const pixMethod: ChargeMethod<"pix"> = {
  label: "PIX",
  paymentMethod: "PIX",
  readInput: () => ({}),
  requestFields: (_payer, _session, options) => ({
    installments: 1,
    pix: { expiresInDays: options.pixExpiresInDays },
  }),
  async outcome(created, _session, options) {
    const qrCode = created.pix?.qrcode ?? null
    return {
      status: PaymentSessionStatus.PENDING_AUTHORIZATION,
      facts: {
        qr_code: qrCode,
        qr_code_image: qrCode ? qrImageDataUrl(qrCode) : null,
        expires_at: pixExpiresAt(created.pix?.expiresAt, options.pixExpiresInDays),
      },
    }
  },
}
