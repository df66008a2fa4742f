import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { outcomeOfFailure, withdrawalRequest, WithdrawalOutcome } from "../utils/withdrawal-request"

/**
 * Sends the withdrawal with the local record's key (a retry resends the same key and body, so the
 * gateway makes one). The row is marked "unknown" before the call: from then on money may move,
 * so no compensation deletes it. A refusal inside a 2xx, or a failure after which the gateway may
 * have accepted it, is an outcome; only a request refused before processing throws (and puts the
 * row back to "requested", so the workflow's compensation removes it).
 */
export const sendWithdrawalStep = createStep(
  "vorexy-send-withdrawal",
  async (input: { local_id: string; idempotency_key: string }, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [row] = await vorexy.listVorexyWithdrawals({ id: input.local_id })
    // Taken from "requested" in one statement: the job may have closed it as never sent
    // (withdrawal-watch.ts), and then it is too late to send it.
    if (
      !(await vorexy.moveWithdrawal(
        row.id,
        { status: "requested", gateway_id: null },
        { status: "unknown" }
      ))
    )
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Withdrawal ${row.id} was not sent: it was closed as never sent before its send began. Nothing left the account.`
      )
    try {
      const withdrawal = await vorexy
        .gateway()
        .requestWithdrawal(withdrawalRequest(row), { idempotencyKey: input.idempotency_key })
      return new StepResponse<WithdrawalOutcome>({ type: "accepted", withdrawal })
    } catch (error) {
      const outcome = outcomeOfFailure(error)
      if (outcome) return new StepResponse<WithdrawalOutcome>(outcome)
      // Refused before processing: the row may go, unless its webhook already named it meanwhile.
      await vorexy.moveWithdrawal(
        row.id,
        { status: "unknown", gateway_id: null },
        { status: "requested" }
      )
      throw error
    }
  }
)
