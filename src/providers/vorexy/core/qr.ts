import QRCode from "qrcode"
import { crc32, deflateSync } from "node:zlib"

const MARGIN = 2
const MIN_WIDTH = 320
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, body: Buffer) {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, "latin1")
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body, crc32(head.subarray(4))), 0)
  return Buffer.concat([head, body, crc])
}

/**
 * Renders the PIX copy-and-paste payload as a PNG data URL, locally (never a third-party QR
 * service). The PNG is written here as one bit per pixel, whole pixels per module: it is made during
 * cart completion, and the library's own PNG (RGBA, then scaled) costs several times as long.
 * Null when the payload cannot be a QR code (the copy-and-paste code still can be paid).
 */
export function qrImageDataUrl(payload: string): string | null {
  let modules: { size: number; data: Uint8Array }
  try {
    modules = QRCode.create(payload, { errorCorrectionLevel: "M" }).modules
  } catch {
    return null
  }
  const { size, data } = modules
  const scale = Math.ceil(MIN_WIDTH / (size + 2 * MARGIN))
  const width = (size + 2 * MARGIN) * scale
  const stride = Math.ceil(width / 8) + 1 // a filter byte (0: none), then the row's bits
  // Every bit 1 (white), then the dark modules cleared; padding bits past the width stay white.
  const raw = Buffer.alloc(stride * width, 0xff)
  for (let y = 0; y < width; y++) {
    const row = y * stride
    raw[row] = 0
    const my = Math.floor(y / scale) - MARGIN
    if (my < 0 || my >= size) continue
    for (let mx = 0; mx < size; mx++) {
      if (!data[my * size + mx]) continue
      const from = (mx + MARGIN) * scale
      for (let x = from; x < from + scale; x++) raw[row + 1 + (x >> 3)] &= ~(0x80 >> (x & 7))
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(width, 4)
  header.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, adaptive filter, no interlace
  const png = Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString("base64")}`
}
