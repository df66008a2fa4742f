import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { formatBRL, isVorexyError, PixDestination, pixDestinationId } from "../../../../gateway"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import { cutText } from "../../../../modules/vorexy/storable"
import { WITHDRAWAL_CHANGED_EVENT } from "../../../../modules/vorexy/events"
import { SAME_WITHDRAWAL_WINDOW_MS } from "../../../../rules/timing"
import { requesterNames } from "../../../../modules/vorexy/requesters"
import { BANK_KEY_MARK } from "../../../../modules/vorexy/health"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { requestWithdrawalWorkflow } from "../../../../workflows/request-withdrawal"
import { DESTINATIONS_HINT } from "../../../../workflows/steps/withdrawal-steps"
import type { WithdrawalOutcome } from "../../../../workflows/utils/withdrawal-request"
import { sendGatewayError } from "../gateway-errors"
import type { AdminCreateWithdrawalType } from "../validators"
import { idempotencyKeys, requestHash } from "./request-keys"
import { withdrawalView } from "./view"

/** GET /admin/vorexy/withdrawals — the local history, newest first. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, { limit: number; offset: number }>,
  res: MedusaResponse
) => {
  const { limit, offset } = req.validatedQuery as unknown as { limit: number; offset: number }
  const [rows, count] = await req.scope
    .resolve<VorexyModuleService>(VOREXY_MODULE)
    .listAndCountVorexyWithdrawals({}, { order: { created_at: "DESC" }, take: limit, skip: offset })
  const names = await requesterNames(
    req.scope,
    rows.map((row) => row.requested_by)
  )
  res.json({ withdrawals: rows.map((row) => withdrawalView(row, names)), count, limit, offset })
}

/**
 * POST /admin/vorexy/withdrawals — withdraw to a listed PIX key (by its destination id, or the key
 * itself) or, with neither, to the company's registered bank key.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateWithdrawalType>,
  res: MedusaResponse
) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const body = withDestination(req.validatedBody, vorexy.options.withdrawalPixKeys ?? [])
  if (!body) {
    res.status(403).json({
      type: "not_allowed",
      message: `This destination is not one of the store's withdrawal destinations, so nothing was sent. ${DESTINATIONS_HINT}`,
    })
    return
  }
  const actor = req.auth_context.actor_id
  const [key, ...earlier] = idempotencyKeys(actor, body)
  const hash = requestHash(body)

  /**
   * An earlier request with this key: its record, or a 409 when it asked for something else. One
   * under the window before counts while recent, or whatever its age once this request collided
   * with it (it was recent then).
   */
  const replay = async (collided = false) => {
    const [existing] = await vorexy.listVorexyWithdrawals(
      { idempotency_key: [key, ...earlier] },
      { order: { created_at: "DESC" }, take: 1 }
    )
    const recent =
      existing && Date.now() - +new Date(existing.created_at) < SAME_WITHDRAWAL_WINDOW_MS
    if (!existing || (existing.idempotency_key !== key && !recent && !collided)) return false
    if (existing.request_hash && existing.request_hash !== hash) {
      res.status(409).json({
        type: "vorexy_request_reused",
        message: `This request_id was already used for another withdrawal (${formatBRL(existing.amount_cents)}, now ${existing.status}); it was not sent again. Open the form again to make a new withdrawal.`,
        withdrawal: withdrawalView(existing),
      })
    } else {
      res.status(200).json({ withdrawal: withdrawalView(existing), replayed: true })
    }
    return true
  }
  if (await replay()) return

  try {
    const { result } = await requestWithdrawalWorkflow(req.scope).run({
      input: {
        idempotency_key: key,
        earlier_keys: earlier,
        request_hash: hash,
        amount_cents: body.amount_cents,
        pix_key: body.pix_key ?? null,
        pix_key_type: body.pix_key ? body.pix_key_type! : null,
        description: body.description ?? null,
        metadata: body.metadata ?? null,
        requested_by: actor,
      },
    })
    await announce(req, result.withdrawal.id)
    const outcome: WithdrawalOutcome = result.outcome
    const answer = answerOf(outcome, result.withdrawal)
    const refusal =
      answer === "refused"
        ? (result.withdrawal.failure_reason ??
          (outcome.type === "refused" ? outcome.reason : "failed"))
        : null
    // To the bank key: its acceptance clears the health card's note, its refusal is noted.
    if (!body.pix_key && answer !== "unknown") await noteBankKeyAnswer(vorexy, refusal)
    const withdrawal = withdrawalView(
      result.withdrawal,
      await requesterNames(req.scope, [result.withdrawal.requested_by])
    )
    switch (answer) {
      case "refused":
        res.status(422).json({
          type: "vorexy_refused",
          message: `Vorexy refused the withdrawal: ${refusal}`,
          withdrawal,
        })
        return
      case "unknown":
        res.status(202).json({
          type: "vorexy_unknown",
          message:
            "Vorexy did not confirm the withdrawal (it may have been made). It is kept as 'unknown' and settled with Vorexy automatically; do not request it again.",
          withdrawal,
        })
        return
      case "made":
        res.status(201).json({ withdrawal })
    }
  } catch (error) {
    // A concurrent identical request won the unique key: answer with its record.
    const collided =
      MedusaError.isMedusaError(error) && error.type === MedusaError.Types.DUPLICATE_ERROR
    if (await replay(collided)) return
    if (!body.pix_key && isVorexyError(error) && ["validation", "refused"].includes(error.kind)) {
      await noteBankKeyAnswer(vorexy, error.gatewayMessage ?? error.message)
      sendGatewayError(res, error, { hint: BANK_KEY_HINT })
      return
    }
    sendGatewayError(res, error)
  }
}

/**
 * What the admin is told, from the row as written: its webhook may have named the withdrawal while
 * the answer was on its way (a lost answer then says nothing of it, a retry's refusal nothing of
 * the record). Refused: it failed, nothing left; made: the gateway has it; unknown: not yet named.
 */
function answerOf(outcome: WithdrawalOutcome, row: { status: string; gateway_id: string | null }) {
  if (row.status === "failed") return "refused" as const
  if (outcome.type !== "unknown" || row.gateway_id) return "made" as const
  return "unknown" as const
}

/** The body with its destination id replaced by the listed key; null for an id not listed. */
function withDestination(body: AdminCreateWithdrawalType, listed: PixDestination[]) {
  if (!body.destination) return body
  const chosen = listed.find((entry) => pixDestinationId(entry) === body.destination)
  return chosen ? { ...body, pix_key: chosen.key, pix_key_type: chosen.type } : null
}

const BANK_KEY_HINT =
  "Without a listed key, Vorexy pays the PIX key registered on the company's bank account. If it has none, register one in the Vorexy panel, or list destinations in the plugin's withdrawalPixKeys option."

/**
 * What the gateway said of the last withdrawal to the bank key: a refusal is kept for the health
 * card (the company may have no key registered), an acceptance clears it.
 */
async function noteBankKeyAnswer(vorexy: VorexyModuleService, refusal: string | null) {
  if (refusal === null) await vorexy.deleteVorexyHealthMarks({ key: BANK_KEY_MARK })
  else await vorexy.markHealth(BANK_KEY_MARK, { message: cutText(refusal, 300) })
}

/** Its notices are sent by a subscriber: the admin's answer never waits on e-mail. */
async function announce(req: AuthenticatedMedusaRequest, id: string) {
  await req.scope
    .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    .emit({ name: WITHDRAWAL_CHANGED_EVENT, data: { id } })
    .catch((error: Error) =>
      req.scope
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Vorexy: could not announce withdrawal ${id}: ${error.message}`)
    )
}
