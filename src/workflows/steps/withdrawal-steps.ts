import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { formatBRL, PixKeyType, VorexyError, Withdrawal } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { restoreWithdrawals, snapshotOf } from "../utils/snapshot"

export type WithdrawalRequestInput = {
  idempotency_key: string
  amount_cents: number
  pix_key: string | null
  pix_key_type: PixKeyType | null
  description: string | null
  metadata: Record<string, unknown> | null
  requested_by: string
}

const service = (container: { resolve<T>(key: string): T }) =>
  container.resolve<VorexyModuleService>(VOREXY_MODULE)

/** Refuses early what the gateway would refuse: a blocked balance, or more than is available. */
export const checkWithdrawalAllowedStep = createStep(
  "vorexy-check-withdrawal-allowed",
  async (input: { amount_cents: number }, { container }) => {
    const vorexy = service(container)
    const companyId = await vorexy.requireCompanyId()
    const balance = await vorexy.gateway().getBalance(companyId)
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

/** The local record first (who asked, when): the unique key makes a repeated request collide here. */
export const createLocalWithdrawalStep = createStep(
  "vorexy-create-local-withdrawal",
  async (input: WithdrawalRequestInput & { company_id: string }, { container }) => {
    const [row] = await service(container).createVorexyWithdrawals([
      { ...input, status: "requested" as const },
    ])
    return new StepResponse(row, row.id)
  },
  async (id, { container }) => {
    if (id) await service(container).deleteVorexyWithdrawals([id])
  }
)

export type GatewayWithdrawalOutcome = {
  accepted: Withdrawal | null
  refused: { reason: string; gateway_id: string | null; raw: string | null } | null
}

/**
 * Sends the withdrawal with the local record's key (a retry resends the same key, so the gateway
 * makes one). A refusal inside a 2xx is an outcome, not an error: the gateway has a failed record
 * and so do we. Any other failure throws, and the local record is removed by compensation.
 */
export const sendWithdrawalStep = createStep(
  "vorexy-send-withdrawal",
  async (input: WithdrawalRequestInput & { local_id: string }, { container }) => {
    const vorexy = service(container)
    try {
      const accepted = await vorexy.gateway().requestWithdrawal(
        {
          amount: input.amount_cents,
          currency: "BRL",
          ...(input.pix_key && input.pix_key_type
            ? { pixKey: input.pix_key, pixKeyType: input.pix_key_type }
            : {}),
          ...(input.description ? { description: input.description } : {}),
          metadata: {
            ...(input.metadata ?? {}),
            medusa_withdrawal_id: input.local_id,
            requested_by: input.requested_by,
          },
        },
        { idempotencyKey: input.idempotency_key }
      )
      return new StepResponse<GatewayWithdrawalOutcome>({ accepted, refused: null })
    } catch (error) {
      if (error instanceof VorexyError && error.kind === "refused") {
        const body = (error.body ?? {}) as Record<string, unknown>
        return new StepResponse<GatewayWithdrawalOutcome>({
          accepted: null,
          refused: {
            reason: error.gatewayMessage ?? "refused by Vorexy",
            gateway_id: body.id == null ? null : String(body.id),
            raw: typeof body.enTransaction === "string" ? body.enTransaction : null,
          },
        })
      }
      throw error
    }
  }
)

/** Stores what the gateway answered on the local record. */
export const saveWithdrawalResultStep = createStep(
  "vorexy-save-withdrawal-result",
  async (input: { local_id: string; outcome: GatewayWithdrawalOutcome }, { container }) => {
    const vorexy = service(container)
    const [before] = await vorexy.listVorexyWithdrawals({ id: input.local_id })
    const { accepted, refused } = input.outcome
    const update = accepted
      ? {
          id: input.local_id,
          gateway_id: accepted.id,
          status: accepted.status.status,
          gateway_status: accepted.status.raw,
          pix_key: before.pix_key ?? accepted.pixKey ?? null,
          pix_key_type: before.pix_key_type ?? accepted.pixKeyType ?? null,
          last_synced_at: new Date(),
        }
      : {
          id: input.local_id,
          gateway_id: refused!.gateway_id,
          status: "failed" as const,
          gateway_status: refused!.raw,
          failure_reason: refused!.reason,
          last_synced_at: new Date(),
        }
    const previous = snapshotOf(before, update)
    const [row] = await vorexy.updateVorexyWithdrawals([update])
    return new StepResponse(row, previous)
  },
  restoreWithdrawals
)
