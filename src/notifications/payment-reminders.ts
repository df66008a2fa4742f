/**
 * The reminder e-mail before a PIX expires or a boleto falls due (`pixReminderMinutes`,
 * `boletoReminderHours`): the shopper gets how to pay again, with the order's page, while there
 * is still time. Sent by the reconcile job, on a worker; no gateway call. Once per charge: the
 * row keeps when it went out, and the notification's idempotency key stops a second one if a
 * process dies between the two. Never once the charge is paid, closed or lapsed
 * (payment-emails.ts checks again right before sending), and never sooner after the order than
 * the reminder's own lead time, so a short PIX does not get it on the heels of the first e-mail.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { emailChannelConfigured, sendPaymentEmail } from "./payment-emails"

/** Reminders one run sends at most (the rest go in the next run, seconds later). */
export const REMINDERS_PER_RUN = 50

/** How long before its deadline each method's charge is reminded of (0: not at all). */
export function reminderLeadMs(options: {
  pixReminderMinutes: number
  boletoReminderHours: number
}) {
  return {
    pix: options.pixReminderMinutes * 60_000,
    boleto: options.boletoReminderHours * 3_600_000,
  }
}

/** Sends the reminders due now; how many went out. */
export async function sendDueReminders(container: MedusaContainer): Promise<number> {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const options = vorexy.options
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  if (!options.paymentEmails || !emailChannelConfigured(container)) return 0
  let sent = 0
  for (const [method, leadMs] of Object.entries(reminderLeadMs(options))) {
    if (!leadMs) continue
    const now = Date.now()
    const due = await vorexy.listVorexyCharges(
      {
        method,
        status: "pending",
        reminded_at: null,
        offer_closed_at: null,
        flag: null,
        order_id: { $ne: null },
        expires_at: { $gt: new Date(now), $lte: new Date(now + leadMs) },
        created_at: { $lte: new Date(now - leadMs) },
      },
      { select: ["id"], order: { expires_at: "ASC" }, take: REMINDERS_PER_RUN - sent }
    )
    for (const { id } of due) {
      // Looked at once, whether it went out, was no longer due (paid meanwhile) or failed: a
      // reminder is worth less than an inbox filled by an e-mail provider failing every run.
      const went = await sendPaymentEmail(container, id, "reminder").catch((error: Error) => {
        logger.warn(`Vorexy: could not send the reminder e-mail of charge ${id}: ${error.message}`)
        return false
      })
      if (went) sent++
      await vorexy.updateVorexyCharges({ id, reminded_at: new Date() })
    }
    if (sent >= REMINDERS_PER_RUN) break
  }
  return sent
}
