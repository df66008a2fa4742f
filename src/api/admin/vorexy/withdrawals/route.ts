import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createHash } from "node:crypto"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { requestWithdrawalWorkflow } from "../../../../workflows/request-withdrawal"
import { sendGatewayError } from "../gateway-errors"
import type { AdminCreateWithdrawalType } from "../validators"
import { withdrawalView } from "./view"

/** Identical requests within this window are one withdrawal when the caller gives no request_id. */
const SAME_REQUEST_WINDOW_MS = 10 * 60_000

/**
 * Deterministic key: the form's request_id (a double click or retry resends it), else the request's
 * content, the admin and a 10-minute window.
 */
function idempotencyKey(actor: string, body: AdminCreateWithdrawalType) {
  const basis = body.request_id
    ? ["request", actor, body.request_id]
    : [
        "content",
        actor,
        body.amount_cents,
        body.pix_key_type ?? "",
        body.pix_key ?? "",
        body.description ?? "",
        JSON.stringify(body.metadata ?? {}),
        Math.floor(Date.now() / SAME_REQUEST_WINDOW_MS),
      ]
  return `wd_${createHash("sha256").update(JSON.stringify(basis)).digest("hex").slice(0, 40)}`
}

/** GET /admin/vorexy/withdrawals — the local history, newest first. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, { limit: number; offset: number }>,
  res: MedusaResponse
) => {
  const { limit, offset } = req.validatedQuery as unknown as { limit: number; offset: number }
  const [rows, count] = await req.scope
    .resolve<VorexyModuleService>(VOREXY_MODULE)
    .listAndCountVorexyWithdrawals({}, { order: { created_at: "DESC" }, take: limit, skip: offset })
  res.json({ withdrawals: rows.map(withdrawalView), count, limit, offset })
}

/** POST /admin/vorexy/withdrawals — withdraw to a PIX key (or the bank account's key). */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateWithdrawalType>,
  res: MedusaResponse
) => {
  const body = req.validatedBody
  const actor = req.auth_context.actor_id
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const key = idempotencyKey(actor, body)

  const replay = async () => {
    const [existing] = await vorexy.listVorexyWithdrawals({ idempotency_key: key })
    if (existing) res.status(200).json({ withdrawal: withdrawalView(existing), replayed: true })
    return Boolean(existing)
  }
  if (await replay()) return

  try {
    const { result } = await requestWithdrawalWorkflow(req.scope).run({
      input: {
        idempotency_key: key,
        amount_cents: body.amount_cents,
        pix_key: body.pix_key ?? null,
        pix_key_type: body.pix_key ? body.pix_key_type! : null,
        description: body.description ?? null,
        metadata: body.metadata ?? null,
        requested_by: actor,
      },
    })
    if (result.refused) {
      res.status(422).json({
        type: "vorexy_refused",
        message: `Vorexy refused the withdrawal: ${result.refused.reason}`,
        withdrawal: withdrawalView(result.withdrawal),
      })
      return
    }
    res.status(201).json({ withdrawal: withdrawalView(result.withdrawal) })
  } catch (error) {
    // A concurrent identical request won the unique key: answer with its record.
    if (await replay()) return
    sendGatewayError(res, error)
  }
}
