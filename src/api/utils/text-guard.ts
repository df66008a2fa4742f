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
  if (jsonDeeperThan(req.body, MAX_BODY_DEPTH))
    return `the body is nested more than ${MAX_BODY_DEPTH} levels deep`
  const reserved = findText(req.body, (text, isKey) => isKey && RESERVED_KEYS.has(text))
  if (reserved) return `${describePath(reserved)} is a reserved name`
  const inBody = unstorablePath(req.body)
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

/**
 * Error handler: Express reports a URL whose percent-encoding is not UTF-8 (`%C0`, `%ED%A0%80`)
 * with a URIError marked 400, which Medusa's handler answers with a 500, before any middleware of
 * ours can run. This answers it with the 400 it is and hands every other error to Medusa's handler
 * unchanged. A store's own errorHandler, loaded after plugins, replaces this one.
 */
export function undecodableUrlErrorHandler(): MedusaErrorHandlerFunction {
  const medusaHandler = errorHandler()
  return (error, req, res, next) => {
    if (error instanceof URIError && (error as { status?: unknown }).status === 400) {
      res.status(400).json({
        type: MedusaError.Types.INVALID_DATA,
        message: "The URL is not valid: a percent-encoded part of it is not UTF-8 text",
      })
      return
    }
    return medusaHandler(error, req, res, next)
  }
}
