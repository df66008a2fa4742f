/**
 * The domain events the providers emit. A provider runs in the payment module's container and
 * cannot reach the plugin's module, so it tells the rest of the plugin what it did through the
 * event bus; the plugin's subscribers record it.
 */
import type { IEventBusModuleService, Logger } from "@medusajs/framework/types"
import type { ChargeMethodName, StoredChargeFacts } from "../../../charge-facts"
import type { ChargeStatus } from "../../../gateway"

/** Emitted when a gateway charge is created; the plugin's subscriber records it. */
export const CHARGE_CREATED_EVENT = "vorexy.charge.created"
/** Emitted whenever a re-fetch shows a charge's status changed; the plugin applies it forward-only. */
export const CHARGE_OBSERVED_EVENT = "vorexy.charge.observed"

/** Emitted when the payment session of a charge is deleted (replaced): the charge is no longer offered. */
export const CHARGE_DETACHED_EVENT = "vorexy.charge.detached"

export type ChargeDetachedEvent = { transaction_id: string }

/**
 * Emitted for a delivery that reached Medusa's built-in /hooks/payment/<provider> route: it cannot
 * check the URL token, so the plugin stores it as untrusted and processes it like its own route's
 * deliveries (re-fetching; the body is never trusted).
 */
export const WEBHOOK_FORWARDED_EVENT = "vorexy.webhook.forwarded"

export type WebhookForwardedEvent = { raw: string; header_event_id: string | null }

export type ChargeObservedEvent = {
  transaction_id: string
  status: ChargeStatus
  gateway_status: string | null
  /** What the gateway reports (paid value once paid) and what the session expects. */
  amount_cents: number | null
  expected_amount_cents: number | null
  refunded_cents?: number | null
  observed_at: string
}

/**
 * A new charge, and its facts as the charge row keeps them (`charge-facts`: the fact columns, and
 * `details`, what the method adds).
 */
export type ChargeCreatedEvent = {
  payment_session_id: string
  transaction_id: string
  method: ChargeMethodName
  amount_cents: number
  status: ChargeStatus
  gateway_status: string | null
  company_id: string | null
} & StoredChargeFacts

type EventPayloads = {
  [CHARGE_CREATED_EVENT]: ChargeCreatedEvent
  [CHARGE_OBSERVED_EVENT]: ChargeObservedEvent
  [CHARGE_DETACHED_EVENT]: ChargeDetachedEvent
  [WEBHOOK_FORWARDED_EVENT]: WebhookForwardedEvent
}

/** Emits the providers' events; a failed emit is logged, never fails a payment. */
export class ProviderEvents {
  constructor(
    private readonly eventBus?: IEventBusModuleService,
    private readonly logger?: Logger
  ) {}

  async emit<N extends keyof EventPayloads>(name: N, data: EventPayloads[N]): Promise<void> {
    try {
      await this.eventBus?.emit({ name, data })
    } catch (error) {
      // Other paths record charges too (order.placed, the status route, reconciliation).
      this.logger?.warn(`Vorexy: could not emit ${name}: ${(error as Error).message}`)
    }
  }
}
