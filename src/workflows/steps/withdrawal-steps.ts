import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  findPixDestination,
  formatBRL,
  isVorexyError,
  PixKeyType,
  VorexyError,
} from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { SAME_WITHDRAWAL_WINDOW_MS } from "../../rules/timing"
import { rowUpdateFor, WithdrawalOutcome } from "../utils/withdrawal-request"
import { writeWithdrawal } from "../utils/withdrawal-write"

export type WithdrawalRequestInput = {
  idempotency_key: string
  /**
   * Keys the same request had in the window before (a request without a request_id): one recorded
   * under them moments ago is this request, made by another that straddled the window's edge.
   */
  earlier_keys?: string[]
  amount_cents: number
  pix_key: string | null
  pix_key_type: PixKeyType | null
  description: string | null
  metadata: Record<string, unknown> | null
  requested_by: string
  /** Hash of what was asked: the same request_id for other content is refused. */
  request_hash: string
}

const service = (container: { resolve<T>(key: string): T }) =>
  container.resolve<VorexyModuleService>(VOREXY_MODULE)

/** Where destinations are set, for the refusal of any other key. */
export const DESTINATIONS_HINT =
  "Withdrawal destinations are set at deploy time in the plugin's withdrawalPixKeys option (VOREXY_WITHDRAWAL_PIX_KEYS); without it, withdrawals go to the company's registered bank key only."

/**
 * Refuses a key the store did not list (before any gateway call: nothing is sent), then early
 * what the gateway would refuse: a blocked balance, or more than is available.
 */
export const checkWithdrawalAllowedStep = createStep(
  "vorexy-check-withdrawal-allowed",
  async (
    input: { amount_cents: number; pix_key: string | null; pix_key_type: PixKeyType | null },
    { container }
  ) => {
    const vorexy = service(container)
    if (input.pix_key || input.pix_key_type) {
      const listed = vorexy.options.withdrawalPixKeys ?? []
      const wanted = { type: input.pix_key_type!, key: input.pix_key ?? "" }
      if (!findPixDestination(listed, wanted))
        throw new MedusaError(
          MedusaError.Types.FORBIDDEN,
          `This PIX key is not one of the store's withdrawal destinations, so nothing was sent. ${DESTINATIONS_HINT}`
        )
    }
    const companyId = await vorexy.requireCompanyId()
    const balance = await vorexy.gateway().getBalance(companyId).catch(balanceUnread)
    if (!balance.released) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Withdrawals are blocked: the Vorexy balance status is ${balance.balanceStatus ?? "unknown"}, not Released.`
      )
    }
    if (input.amount_cents > balance.available.cents) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${formatBRL(input.amount_cents)} is above the available balance of ${formatBRL(balance.available.cents)}.`
      )
    }
    return new StepResponse({ company_id: companyId })
  }
)

/**
 * A balance read the gateway refuses or conflicts on is the gateway's trouble (503), never a refusal
 * of this withdrawal: an admin's form takes a new request id on an answer about it (409, 422), and
 * an earlier try of the same id may still be running.
 */
function balanceUnread(error: unknown): never {
  if (isVorexyError(error) && ["conflict", "validation", "refused"].includes(error.kind))
    throw new VorexyError("unavailable", {
      operation: error.operation,
      status: error.status,
      gatewayMessage: `the balance could not be read (${error.gatewayMessage ?? error.kind})`,
    })
  throw error
}

/**
 * The local record first (who asked, when), under the store-wide lock: a repeated request collides
 * here, on the unique key or on one of its earlier keys, and is answered with the first's record.
 */
export const createLocalWithdrawalStep = createStep(
  "vorexy-create-local-withdrawal",
  async (input: WithdrawalRequestInput & { company_id: string }, { container }) => {
    const { earlier_keys: earlier = [], ...fields } = input
    const vorexy = service(container)
    if (earlier.length) {
      const since = new Date(Date.now() - SAME_WITHDRAWAL_WINDOW_MS)
      const [same] = await vorexy.listVorexyWithdrawals(
        { idempotency_key: earlier, created_at: { $gte: since } },
        { take: 1, select: ["id"] }
      )
      if (same)
        throw new MedusaError(
          MedusaError.Types.DUPLICATE_ERROR,
          `The same withdrawal was requested moments ago (${same.id}); it was not sent again.`
        )
    }
    const [row] = await vorexy.createVorexyWithdrawals([
      { ...fields, status: "requested" as const },
    ])
    return new StepResponse(row, row.id)
  },
  async (id, { container }) => {
    // Only a withdrawal never sent is removed: once sending started, money may have moved.
    if (!id) return
    const [row] = await service(container).listVorexyWithdrawals({ id })
    if (row?.status === "requested" && !row.gateway_id) {
      await service(container).deleteVorexyWithdrawals([id])
    }
  }
)

/**
 * Stores what the gateway answered on the local record, from the row as it is when written: its
 * webhook may have moved it on (matched by key) while the answer was on its way. No compensation:
 * what the gateway said is a fact, not a step to undo.
 */
export const saveWithdrawalResultStep = createStep(
  "vorexy-save-withdrawal-result",
  async (input: { local_id: string; outcome: WithdrawalOutcome }, { container }) => {
    const { outcome } = input
    const written = await writeWithdrawal(service(container), input.local_id, (row) => {
      const update = rowUpdateFor(outcome, row)
      if (!update || outcome.type !== "accepted") return update
      return {
        ...update,
        pix_key: row.pix_key ?? outcome.withdrawal.pixKey ?? null,
        pix_key_type: row.pix_key_type ?? outcome.withdrawal.pixKeyType ?? null,
      }
    })
    if (!written)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Withdrawal ${input.local_id} is gone`)
    return new StepResponse(written.after)
  }
)
