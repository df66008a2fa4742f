/**
 * Request text the plugin's routes cannot handle, refused with a 400 that names where it is.
 *
 * PostgreSQL refuses NUL and unpaired surrogates in text and jsonb, so one reaching a query fails
 * it with a 500. The validators refuse them field by field (storableString); textGuard is the
 * second line, for the whole request (route params, query, body), registered in middlewares.ts
 * before any route's validator. It also refuses what Medusa's validators turn into a 500 rather
 * than a 400: query keys nested more than two levels with dots (`?a.b.c=`), and bodies whose
 * values cannot be printed in an error message (nested too deeply, or with keys such as
 * `toString` that shadow Object.prototype).
 */
import {
  errorHandler,
  type MedusaErrorHandlerFunction,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { jsonDeeperThan } from "../../gateway"
import {
  describePath,
  findText,
  isStorableText,
  unstorablePath,
} from "../../modules/vorexy/storable"

export const unstorableMessage = (field: string) =>
  `${field} contains characters that cannot be stored (NUL or an unpaired surrogate)`

/** A string PostgreSQL can store; checked first, so the message names the real problem. */
export const storableString = (field: string) =>
  z.string().refine(isStorableText, { message: unstorableMessage(field), abort: true })

/** Far deeper than any body of these routes; Medusa's messages print values recursively. */
const MAX_BODY_DEPTH = 32
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype))

function problem(req: MedusaRequest, checkBody: boolean): string | null {
  // Express has already decoded the params: only NUL can be left (bad UTF-8 fails to decode).
  if (Object.values(req.params ?? {}).some((v) => typeof v === "string" && !isStorableText(v)))
    return unstorableMessage("the URL path")
  const dotted = Object.keys(req.query ?? {}).find((key) => key.split(".").length > 2)
  if (dotted !== undefined)
    return `query parameter ${describePath([dotted])} is nested more than two levels`
  const inQuery = unstorablePath(req.query)
  if (inQuery) return unstorableMessage(describePath(inQuery))
  if (!checkBody || req.body === undefined) return null
  return bodyTextProblem(req.body)
}

/**
 * What in a parsed body the plugin's routes (and PostgreSQL, and Medusa's messages) cannot
 * handle: nesting deeper than MAX_BODY_DEPTH, keys that shadow Object.prototype, NUL or unpaired
 * surrogates. Null when there is nothing.
 */
export function bodyTextProblem(body: unknown): string | null {
  if (jsonDeeperThan(body, MAX_BODY_DEPTH))
    return `the body is nested more than ${MAX_BODY_DEPTH} levels deep`
  const reserved = findText(body, (text, isKey) => isKey && RESERVED_KEYS.has(text))
  if (reserved) return `${describePath(reserved)} is a reserved name`
  const inBody = unstorablePath(body)
  if (inBody) return unstorableMessage(inBody.length ? describePath(inBody) : "the body")
  return null
}

/**
 * Middleware: refuses the request with a 400 when its params, query or (with `body: true`) parsed
 * body hold text the routes cannot handle (see above).
 */
export function textGuard({ body }: { body: boolean }) {
  return function vorexyTextGuard(
    req: MedusaRequest,
    _res: MedusaResponse,
    next: MedusaNextFunction
  ) {
    const found = problem(req, body)
    if (found) throw new MedusaError(MedusaError.Types.INVALID_DATA, found)
    next()
  }
}

/** The plugin's own paths, and Medusa's webhook route for its providers. */
const PLUGIN_PATHS = [
  "/admin/vorexy",
  "/store/vorexy",
  "/vorexy/",
  "/hooks/vorexy",
  "/hooks/payment/vorexy",
]
/** Express matches routes ignoring case: so does this (`/VOREXY/qr/…` is the QR route). */
const isPluginPath = (path: string) => {
  const lower = path.toLowerCase()
  return PLUGIN_PATHS.some((prefix) => lower.startsWith(prefix))
}

const BAD_URL = {
  type: MedusaError.Types.INVALID_DATA,
  message: "The URL is not valid: a percent-encoded part of it is not UTF-8 text",
}

const undecodable = (path: string) => {
  try {
    decodeURIComponent(path)
    return false
  } catch {
    return true
  }
}

/**
 * Middleware: a URL whose percent-encoding is not UTF-8 (`%C0`, `%ED%A0%80`) is a 400. Express
 * reports it when decoding a route's params (a matcher's `*` too) with a URIError that Medusa's
 * error handler answers 500. Registered on plain prefixes it runs before the plugin's own layers
 * decode anything (Medusa's core admin layers come first: see withVorexyUrlErrors).
 */
export function refuseUndecodableUrl(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const path = (req.originalUrl ?? req.url ?? "").split("?")[0]
  if (!isPluginPath(path) || !undecodable(path)) return next()
  res.status(400).json(BAD_URL)
}

/**
 * Error handler: the same 400 for a URIError Express raised on one of the plugin's paths before
 * any middleware could run (Medusa's own admin layers decode first). Every other error, on any
 * route, goes to `handler` (Medusa's by default) unchanged. Medusa keeps one app-wide handler, the
 * last one defined: a store with its own passes it through this, `withVorexyUrlErrors(myHandler)`,
 * to keep both (docs/production.md, "Your own errorHandler").
 */
export function withVorexyUrlErrors(
  handler: MedusaErrorHandlerFunction = errorHandler()
): MedusaErrorHandlerFunction {
  return (error, req, res, next) => {
    const path = (req.originalUrl ?? req.url ?? "").split("?")[0]
    const badUrl = error instanceof URIError && (error as { status?: unknown }).status === 400
    if (badUrl && isPluginPath(path)) {
      res.status(400).json(BAD_URL)
      return
    }
    return handler(error, req, res, next)
  }
}
