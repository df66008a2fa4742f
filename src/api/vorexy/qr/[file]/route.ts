/**
 * GET /vorexy/qr/<charge id>.<signature>.png — a PIX charge's QR code as a PNG, for the payment
 * e-mail (e-mail clients block data URLs). The signed name is the only key (modules/vorexy/qr-link.ts);
 * the image is served only while the charge can still be paid, else 404.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/

export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const file = typeof req.params.file === "string" ? req.params.file : ""
  const chargeId = vorexy.qrLinks().chargeIdOf(file)
  const [charge] = chargeId ? await vorexy.listVorexyCharges({ id: chargeId }) : []
  const image = PNG_DATA_URL.exec(charge?.qr_code_image ?? "")
  if (!charge || !image || charge.status !== "pending" || charge.offer_closed_at) {
    res.status(404).json({ message: "This PIX code is not available (paid, expired or unknown)." })
    return
  }
  res.setHeader("content-type", "image/png")
  res.setHeader("cache-control", "private, max-age=300")
  res.status(200).send(Buffer.from(image[1], "base64"))
}
