/**
 * The reminder e-mail before a PIX expires or a boleto falls due (`pixReminderMinutes`,
 * `boletoReminderHours`): the shopper gets how to pay again, with the order's page, while there
 * is still time. Sent by the reconcile job, on a worker; no gateway call. Once per charge: the
 * row keeps when it was looked at, and the notification's idempotency key stops a second one if a
 * process dies between the two. Never once the charge is paid, closed, flagged or lapsed, nor for
 * a cancelled order (payment-emails.ts checks again right before sending); never sooner after the
 * order than the reminder's own lead time (a short PIX does not get it on the heels of the first
 * e-mail), nor so close to the end that it cannot help.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { emailChannelConfigured, sendPaymentEmail } from "./payment-emails"

/** Reminders one run tries at most (the rest go in the next run, seconds later). */
export const REMINDERS_PER_RUN = 50

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * A boleto is payable to the end of its due day (in Brasília): its reminder counts back from
 * 09:00 of that day, 15 hours earlier, so that it goes out in the daytime, not at midnight.
 */
const BOLETO_MORNING_MS = 15 * HOUR

/** Per method: how long before its deadline a charge is reminded (0: not at all). */
export function reminderLeadMs(options: {
  pixReminderMinutes: number
  boletoReminderHours: number
}) {
  return {
    pix: { leadMs: options.pixReminderMinutes * MINUTE, anchorMs: 0 },
    boleto: { leadMs: options.boletoReminderHours * HOUR, anchorMs: BOLETO_MORNING_MS },
  }
}

/** The charges of a method whose reminder is due at `now`, given its lead (reminderLeadMs). */
export function remindersDueFilter(
  method: string,
  { leadMs, anchorMs }: { leadMs: number; anchorMs: number },
  now: number
) {
  // Not when too little time is left to pay (a backlog after an outage): a quarter of the lead,
  // five minutes at least.
  const leftMs = Math.max(5 * MINUTE, leadMs / 4)
  return {
    method,
    status: "pending",
    reminded_at: null,
    offer_closed_at: null,
    flag: null,
    order_id: { $ne: null },
    expires_at: { $gt: new Date(now + leftMs), $lte: new Date(now + leadMs + anchorMs) },
    created_at: { $lte: new Date(now - leadMs) },
  }
}

export type ReminderRun = { sent: number; failed: string[] }

/**
 * Sends the reminders due now, until `stopAt` (the run's own deadline) or REMINDERS_PER_RUN
 * tries; a send that fails is counted in `failed` (said without the shopper's address) and not
 * tried again.
 */
export async function sendDueReminders(
  container: MedusaContainer,
  stopAt = Date.now() + 30_000
): Promise<ReminderRun> {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const options = vorexy.options
  const run: ReminderRun = { sent: 0, failed: [] }
  if (!options.paymentEmails || !emailChannelConfigured(container)) return run
  let tries = 0
  for (const [method, lead] of Object.entries(reminderLeadMs(options))) {
    if (!lead.leadMs || tries >= REMINDERS_PER_RUN) continue
    const due = await vorexy.listVorexyCharges(remindersDueFilter(method, lead, Date.now()), {
      select: ["id"],
      order: { expires_at: "ASC" },
      take: REMINDERS_PER_RUN - tries,
    })
    for (const { id } of due) {
      if (Date.now() > stopAt) return run
      tries++
      // Looked at once, whether it went out, was no longer due (paid meanwhile) or failed: a
      // reminder is worth less than an inbox filled by an e-mail provider failing every run.
      const went = await sendPaymentEmail(container, id, "reminder").catch((error: Error) => {
        run.failed.push(`reminder of charge ${id}: ${withoutAddresses(error.message)}`)
        return false
      })
      if (went) run.sent++
      await vorexy.updateVorexyCharges({ id, reminded_at: new Date() })
    }
  }
  return run
}

/** An error's first line, short, with any e-mail address taken out. */
function withoutAddresses(message: string) {
  return (message.split("\n")[0] ?? "").replace(/\S+@\S+/g, "<address>").slice(0, 200)
}
