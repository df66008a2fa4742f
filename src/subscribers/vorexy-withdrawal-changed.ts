import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WITHDRAWAL_CHANGED_EVENT } from "../modules/vorexy/events"
import { sendWithdrawalNotices } from "../notifications/withdrawal-notices"

/** A withdrawal asked from the admin: its notices go out (reconciliation sends its own). */
export default async function vorexyWithdrawalChanged({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await sendWithdrawalNotices(container, event.data.id)
}

export const config: SubscriberConfig = { event: WITHDRAWAL_CHANGED_EVENT }
