/**
 * The store's own notices of money leaving: each withdrawal requested, completed or failed is
 * e-mailed through Medusa's Notification Module to `withdrawalNoticeEmails` (who asked, how much,
 * to which key masked, the gateway's id). Called wherever a withdrawal's state is recorded (the
 * request, its sync, the settling of an unknown one); it sends every state the row has reached
 * and not yet announced, once each whatever the retries (the notification's idempotency key).
 */
import type { INotificationModuleService, Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { formatBRL, maskPixKey } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import { requesterNames } from "../modules/vorexy/requesters"
import type VorexyModuleService from "../modules/vorexy/service"
import { emailChannelConfigured } from "./payment-emails"

export type WithdrawalNotice = "requested" | "completed" | "failed"

/** The states a row's notices stand for: asked always, then how it ended. */
function noticesFor(status: string): WithdrawalNotice[] {
  if (status === "successful" || status === "refunded") return ["requested", "completed"]
  if (status === "failed") return ["requested", "failed"]
  return ["requested"]
}

/** Sends what is due for a withdrawal; never throws (a notice failing never fails the money). */
export async function sendWithdrawalNotices(
  container: MedusaContainer,
  withdrawalId: string
): Promise<WithdrawalNotice[]> {
  try {
    return await send(container, withdrawalId)
  } catch (error) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Vorexy: could not send the notices of withdrawal ${withdrawalId}: ${(error as Error).message}`
      )
    return []
  }
}

async function send(container: MedusaContainer, withdrawalId: string) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const { withdrawalNoticeEmails: recipients, emailTemplates } = vorexy.options
  if (!recipients.length || !emailChannelConfigured(container)) return []
  const [row] = await vorexy.listVorexyWithdrawals({ id: withdrawalId })
  if (!row) return []
  const asker = row.requested_by
  const names = await requesterNames(container, [asker])
  const states = noticesFor(row.status)
  await container.resolve<INotificationModuleService>(Modules.NOTIFICATION).createNotifications(
    states.flatMap((state) =>
      recipients.map((to) => ({
        to,
        channel: "email",
        template: emailTemplates.withdrawal,
        trigger_type: `vorexy.withdrawal.${state}`,
        resource_id: row.id,
        resource_type: "vorexy_withdrawal",
        idempotency_key: `vorexy:withdrawal:${state}:${row.id}:${to}`,
        data: {
          state,
          withdrawal_id: row.id,
          gateway_id: row.gateway_id,
          status: row.status,
          amount: formatBRL(row.amount_cents),
          amount_cents: row.amount_cents,
          pix_key_type: row.pix_key_type,
          // Null: the company's registered bank key.
          pix_key_masked: maskPixKey(row.pix_key_type, row.pix_key),
          requested_by: asker,
          requested_by_name: (asker && names.get(asker)) ?? asker,
          requested_at: row.created_at,
          failure_reason: state === "failed" ? row.failure_reason : null,
        },
      }))
    )
  )
  return states
}
