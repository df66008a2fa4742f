import QRCode from "qrcode"

/** Renders the PIX copy-and-paste payload as a PNG data URL, locally (never a third-party QR service). */
export function qrImageDataUrl(payload: string): Promise<string> {
  return QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 2, width: 320 })
}
