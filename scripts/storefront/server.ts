/**
 * The demo's storefront (dev-only, not shipped): builds the React app in this folder with vite's JS
 * API and serves it with node:http. Besides the static files it answers:
 * - `GET /config.json` → `{ backendUrl, publishableKey }` (what the page talks to);
 * - `POST /simulate/:transactionId/pay` → the sandbox's `POST /__sandbox/transactions/:id/pay`, for
 *   the payment page's "Simular pagamento (sandbox)" button (a shopper's "I paid with my bank app");
 *   `POST /simulate/:transactionId/expire` likewise lapses it now ("Simular expiração"), so the
 *   page's "Gerar novo PIX" can be tried without waiting for the expiry.
 * `/`, `/checkout` and `/order/:id` are the app's routes (history routing): they answer index.html.
 */
import { createReadStream, mkdirSync, rmSync, statSync } from "node:fs"
import { createServer, IncomingMessage, ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { tmpdir } from "node:os"
import { extname, join, normalize, resolve, sep } from "node:path"

const here = __dirname
const root = resolve(here, "../..")

export type StorefrontOptions = {
  port: number
  /** The Medusa backend the page calls (its origin must be in Medusa's STORE_CORS). */
  backendUrl: string
  publishableKey: string
  /** The sandbox gateway, for the "simulate payment" button. */
  sandboxUrl: string
  /** Where the build goes (default `.demo/storefront/<port>`, else under the temp dir). */
  outDir?: string
}

export type RunningStorefront = { url: string; outDir: string; stop: () => Promise<void> }

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".map": "application/json",
}

const TRANSACTION_ID = /^[A-Za-z0-9_-]{1,64}$/
const APP_ROUTES = [/^\/$/, /^\/checkout\/?$/, /^\/order\/[A-Za-z0-9_-]{1,64}\/?$/]

/** A writable build folder: under .demo when possible, else under the temp dir. */
function buildDir(port: number, wanted?: string) {
  const candidates = wanted
    ? [resolve(wanted)]
    : [join(root, ".demo", "storefront", String(port)), join(tmpdir(), `vorexy-storefront-${port}`)]
  for (const dir of candidates) {
    try {
      mkdirSync(dir, { recursive: true })
      return dir
    } catch {
      // Not writable here: try the next place.
    }
  }
  throw new Error(`Cannot create a build folder for the storefront (${candidates.join(", ")})`)
}

/** Builds the app (index.html + main.tsx and the storefront package's source) into `outDir`. */
export async function buildStorefront(outDir: string) {
  // vite is ESM only: a dynamic import from this CommonJS module.
  const { build } = await import("vite")
  await build({
    root: here,
    base: "/",
    mode: "production",
    configFile: false,
    logLevel: "warn",
    clearScreen: false,
    publicDir: false,
    esbuild: { jsx: "automatic" },
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 2000,
      rollupOptions: {
        // The components' "use client" (for Next.js) means nothing in this bundle.
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE" || warning.code === "SOURCEMAP_ERROR")
            return
          warn(warning)
        },
      },
    },
  })
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" })
  res.end(JSON.stringify(body))
}

function sendFile(res: ServerResponse, file: string, cache: boolean) {
  res.writeHead(200, {
    "content-type": TYPES[extname(file)] ?? "application/octet-stream",
    "cache-control": cache ? "public, max-age=31536000, immutable" : "no-cache",
  })
  createReadStream(file).pipe(res)
}

/** A file of the build, never outside it. */
function staticFile(outDir: string, pathname: string) {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes("\0")) return undefined
  const file = normalize(join(outDir, decoded))
  if (!file.startsWith(outDir + sep)) return undefined
  try {
    return statSync(file).isFile() ? file : undefined
  } catch {
    return undefined
  }
}

async function simulate(
  sandboxUrl: string,
  transactionId: string,
  action: "pay" | "expire",
  res: ServerResponse
) {
  if (!TRANSACTION_ID.test(transactionId))
    return sendJson(res, 400, { message: "invalid transaction id" })
  try {
    const answer = await fetch(
      `${sandboxUrl}/__sandbox/transactions/${encodeURIComponent(transactionId)}/${action}`,
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }
    )
    const body = await answer.json().catch(() => ({}))
    if (answer.ok) return sendJson(res, 200, { ok: true })
    return sendJson(res, answer.status, { message: body?.message ?? `sandbox ${answer.status}` })
  } catch (error) {
    return sendJson(res, 502, { message: `sandbox unreachable: ${(error as Error).message}` })
  }
}

/** No Origin (curl), or this server's own origin on any loopback name. */
function sameOrigin(req: IncomingMessage, port: number) {
  const origin = req.headers.origin
  if (!origin) return true
  try {
    const url = new URL(origin)
    return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.port === String(port)
  } catch {
    return false
  }
}

function handler(options: StorefrontOptions, outDir: string) {
  const config = { backendUrl: options.backendUrl, publishableKey: options.publishableKey }
  return (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? "/", "http://storefront")
    const simulated = /^\/simulate\/([^/]*)\/(pay|expire)$/.exec(pathname)
    if (simulated) {
      if (req.method !== "POST") return sendJson(res, 405, { message: "POST only" })
      // Only this shop's own pages may ask (another site's form or script may not).
      if (!sameOrigin(req, options.port))
        return sendJson(res, 403, { message: "only the demo storefront's pages may simulate" })
      req.resume() // the body carries nothing we need
      const action = simulated[2] as "pay" | "expire"
      return void simulate(options.sandboxUrl, simulated[1], action, res)
    }
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { message: "method not allowed" })
    if (pathname === "/config.json") return sendJson(res, 200, config)
    if (APP_ROUTES.some((route) => route.test(pathname)))
      return sendFile(res, join(outDir, "index.html"), false)
    const file = staticFile(outDir, pathname)
    if (file) return sendFile(res, file, pathname.startsWith("/assets/"))
    sendJson(res, 404, { message: "not found" })
  }
}

/** Builds, then serves on `options.port`; `stop()` closes the server and removes the build. */
export async function startStorefront(options: StorefrontOptions): Promise<RunningStorefront> {
  const outDir = buildDir(options.port, options.outDir)
  await buildStorefront(outDir)
  const server = createServer(handler(options, outDir))
  server.keepAliveTimeout = 1000
  const sockets = new Set<Socket>()
  server.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((ok, fail) => {
    server.once("error", fail)
    server.listen(options.port, () => ok())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://localhost:${port}`,
    outDir,
    stop: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((ok) => server.close(() => ok()))
      if (!options.outDir) rmSync(outDir, { recursive: true, force: true })
    },
  }
}
