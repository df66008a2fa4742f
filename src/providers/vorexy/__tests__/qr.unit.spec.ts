import QRCode from "qrcode"
import { PNG } from "pngjs"
import { qrImageDataUrl } from "../core/qr"

const PAYLOAD =
  "00020101021226880014br.gov.bcb.pix2566qrcodes-pix.example.com.br/v2/cobv/9d36b84fc70b478fb95c12729b90ca25520400005303986540510.005802BR5913Loja Exemplo6009SAO PAULO62070503***6304ABCD"

/** The PNG's pixels read back as a grid of modules (dark: true), sampled at each module's centre. */
function modulesIn(dataUrl: string, size: number) {
  const png = PNG.sync.read(Buffer.from(dataUrl.split(",")[1], "base64"))
  const side = size + 4
  expect(png.width).toBe(png.height)
  expect(png.width % side).toBe(0)
  const scale = png.width / side
  const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4] < 128
  const grid: boolean[] = []
  for (let my = 0; my < side; my++)
    for (let mx = 0; mx < side; mx++)
      grid.push(dark(Math.floor((mx + 0.5) * scale), Math.floor((my + 0.5) * scale)))
  return { grid, scale, side, png, dark }
}

describe("the PIX QR image", () => {
  it("is a PNG whose modules are the payload's QR code, with a white margin of 2", () => {
    const url = qrImageDataUrl(PAYLOAD)!
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    const expected = QRCode.create(PAYLOAD, { errorCorrectionLevel: "M" }).modules
    const { grid, side, png, dark } = modulesIn(url, expected.size)
    expect(png.width).toBeGreaterThanOrEqual(320)
    for (let my = 0; my < side; my++)
      for (let mx = 0; mx < side; mx++) {
        const inside = mx >= 2 && my >= 2 && mx < side - 2 && my < side - 2
        const want = inside ? Boolean(expected.data[(my - 2) * expected.size + (mx - 2)]) : false
        expect([mx, my, grid[my * side + mx]]).toEqual([mx, my, want])
      }
    // Every pixel of a module has the module's colour (no blur, no stray pixel).
    const scale = png.width / side
    for (let y = 0; y < png.height; y++)
      for (let x = 0; x < png.width; x++) {
        const module = grid[Math.floor(y / scale) * side + Math.floor(x / scale)]
        if (dark(x, y) !== module) throw new Error(`pixel ${x},${y} is not its module's colour`)
      }
  })

  it("differs for different payloads and is small enough for session data", () => {
    const a = qrImageDataUrl(PAYLOAD)!
    const b = qrImageDataUrl(PAYLOAD.replace("ABCD", "ABCE"))!
    expect(a).not.toBe(b)
    expect(a.length).toBeLessThan(4_000)
  })

  it("is null for a payload no QR code can hold, so the copy-and-paste code is still offered", () => {
    expect(qrImageDataUrl("9".repeat(8_000))).toBeNull()
  })
})
