/**
 * Reads a webhook's body as raw bytes, whatever its content type, after the token was hidden from
 * the logs: Medusa's body parsers run before a route's own middlewares, so a malformed JSON body
 * used to be refused (and logged, with the URL's token) before anything could redact it. The
 * route parses the bytes itself and answers a clear 4xx.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

export function readRawBody(limitBytes: number) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    req.on("data", (chunk: Buffer) => {
      if (settled) return
      size += chunk.length
      if (size > limitBytes) {
        settled = true
        res.status(413).json({ message: `Webhook body over ${Math.round(limitBytes / 1024)} kB` })
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => {
      if (settled) return
      settled = true
      ;(req as MedusaRequest & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks)
      next()
    })
    req.on("error", (error) => {
      if (settled) return
      settled = true
      next(error)
    })
  }
}
