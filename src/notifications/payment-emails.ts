/**
 * The shopper's e-mails for a PIX or boleto order, through Medusa's Notification Module: how to pay
 * later ("created": the amount, the PIX code and a hosted QR image or the boleto's line and PDF, the
 * expiry, a link to the order's page carrying the order's token), the same again shortly before it lapses ("reminder",
 * payment-reminders.ts), "paid", and "expired" (expired or cancelled unpaid). Only
 * when the store has a notification provider for the "email" channel; one per event per charge,
 * whatever the retries (the notification's idempotency key). The store's provider renders them
 * from the template id and the data.
 */
import type {
  ConfigModule,
  INotificationModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { shopperDetails } from "../charge-facts"
import { formatBRL, webUrl } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"

export type PaymentEmailEvent = "created" | "reminder" | "paid" | "expired"

type Charge = Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>[number]
type OrderRow = {
  id: string
  display_id: number | string
  email: string | null
  status?: string | null
  canceled_at?: string | Date | null
}
type ProviderEntry = { options?: { channels?: string[] } }
type ModuleEntry = { resolve?: string; options?: { providers?: ProviderEntry[] } }

/** True when the store's notification module has a provider for e-mail. */
export function emailChannelConfigured(container: MedusaContainer): boolean {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const modules = Object.values((config.modules ?? {}) as Record<string, ModuleEntry | boolean>)
  return modules.some(
    (entry) =>
      typeof entry === "object" &&
      String(entry.resolve ?? "").includes("notification") &&
      (entry.options?.providers ?? []).some((p) => p.options?.channels?.includes("email"))
  )
}

/** The store cancelled the charge's order while the charge could still be paid. */
const cancelledBeforeLapse = (charge: {
  offer_closed_reason: string | null
  offer_closed_at: Date | string | null
  expires_at: Date | string | null
}) =>
  charge.offer_closed_reason === "order_canceled" &&
  charge.offer_closed_at !== null &&
  charge.expires_at !== null &&
  new Date(charge.offer_closed_at).getTime() < new Date(charge.expires_at).getTime()

/**
 * Sends the e-mail of `event` for a charge's order, once; false when there is none to send.
 * `renewableUntil`: an expired one's order may get a new PIX or boleto from its page until then.
 */
export async function sendPaymentEmail(
  container: MedusaContainer,
  chargeId: string,
  event: PaymentEmailEvent,
  renewableUntil: string | null = null
): Promise<boolean> {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const options = vorexy.options
  if (!options.paymentEmails || !emailChannelConfigured(container)) return false
  const [charge] = await vorexy.listVorexyCharges({ id: chargeId })
  if (!charge?.order_id || (charge.method !== "pix" && charge.method !== "boleto")) return false
  // A reminder only while the shopper can still pay it: never once paid, closed or lapsed.
  if (event === "reminder" && !stillPayable(charge)) return false
  // A charge a new one replaced lapses quietly: the shopper pays the new one. So does one whose
  // order the store cancelled before it ran out: "your payment expired" would say the wrong thing.
  if (event === "expired" && charge.offer_closed_reason === "session_replaced") return false
  if (event === "expired" && cancelledBeforeLapse(charge)) return false
  // A payment the order could not take (a second one, or after its cancel) is the store's to
  // refund: the shopper is not told "payment received" for it.
  if (event === "paid" && charge.flag === "late_payment") return false
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "display_id", "email", "status", "canceled_at"],
    filters: { id: charge.order_id },
  })
  const order = data[0] as unknown as OrderRow | undefined
  if (!order?.email) return false
  // Never "please pay" for an order cancelled (its charge may not be marked closed yet).
  if (event === "reminder" && (order.status === "canceled" || order.canceled_at)) return false

  const templates = options.emailTemplates
  const howToPay =
    event !== "created" && event !== "reminder"
      ? {}
      : charge.method === "pix"
        ? {
            pix_code: charge.qr_code,
            qr_code_url:
              options.publicUrl && charge.qr_code_image
                ? `${options.publicUrl.replace(/\/+$/, "")}${vorexy.qrLinks().path(charge.id)}`
                : null,
            expires_at: charge.expires_at,
          }
        : boletoToPay(charge)
  await container.resolve<INotificationModuleService>(Modules.NOTIFICATION).createNotifications({
    to: order.email,
    channel: "email",
    template:
      event === "created"
        ? charge.method === "pix"
          ? templates.pix_created
          : templates.boleto_created
        : event === "reminder"
          ? charge.method === "pix"
            ? templates.pix_reminder
            : templates.boleto_reminder
          : templates[event],
    trigger_type: `vorexy.payment.${event}`,
    resource_id: order.id,
    resource_type: "order",
    idempotency_key: `vorexy:${event}:${order.id}:${charge.id}`,
    data: {
      event,
      method: charge.method,
      order_id: order.id,
      order_display_id: order.display_id,
      amount: formatBRL(charge.amount_cents),
      amount_cents: charge.amount_cents,
      currency_code: "brl",
      // The link carries the order's token: it lets the shopper ask for a new PIX or boleto.
      order_page_url: options.orderPageUrl
        ? vorexy.orderTokens().pageUrl(options.orderPageUrl, order.id)
        : null,
      ...howToPay,
      ...(event === "paid" ? { paid_at: charge.paid_at } : {}),
      ...(event === "expired" ? { renewable_until: renewableUntil } : {}),
    },
  })
  return true
}

/** Unpaid, still offered to the shopper, and not yet lapsed. */
function stillPayable(charge: Charge) {
  return (
    charge.status === "pending" &&
    !charge.offer_closed_at &&
    !charge.flag &&
    (!charge.expires_at || new Date(charge.expires_at).getTime() > Date.now())
  )
}

/** How to pay a boleto: the facts the shopper may read of it (`charge-facts`). */
function boletoToPay(charge: Charge) {
  const details = shopperDetails(charge)
  return {
    ...details,
    // Only a web link (a row stored before the gateway's answers were checked).
    boleto_url: webUrl(details.boleto_url) ?? null,
    due_at: details.due_at ?? charge.expires_at,
  }
}

/** The e-mail a charge's new status calls for, sent without ever failing its caller. */
export async function emailForStatus(
  container: MedusaContainer,
  chargeId: string | undefined,
  status: string | null | undefined,
  renewableUntil: string | null = null
) {
  const event: PaymentEmailEvent | null =
    status === "paid" ? "paid" : status === "cancelled" || status === "failed" ? "expired" : null
  if (!chargeId || !event) return
  await sendPaymentEmail(container, chargeId, event, renewableUntil).catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: could not send the "${event}" e-mail of charge ${chargeId}: ${error.message}`)
  )
}
