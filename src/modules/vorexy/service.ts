import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import { VorexyClient } from "../../gateway"
import {
  clientFromOptions,
  parseVorexyOptions,
  VorexyOptions,
} from "../../providers/vorexy/options"
import { notifyChargeChanged } from "./charge-watch"
import { VorexyCharge } from "./models/charge"
import { VorexyWebhookEvent } from "./models/webhook-event"
import { VorexyWithdrawal } from "./models/withdrawal"
import type { VorexyChargeRow } from "./types"

type ChargeUpdate = { id: string } & Record<string, unknown>

/** The query builder of the request's transaction (MikroORM's knex). */
type KnexManager = {
  getKnex(): {
    raw(sql: string, bindings: unknown[]): Promise<{ rows: Array<{ id: string; first: boolean }> }>
  }
}

export type DeliveryInput = {
  event_key: string
  header_event_id: string | null
  kind: "cash_in" | "cash_out"
  reference_id: string
  status_hint: string | null
  body: Record<string, unknown>
  trusted: boolean
}

/**
 * The plugin's tables (charges, withdrawals, webhook events) and its own gateway client, built
 * from the same options as the payment provider (the plugin's options in medusa-config).
 */
export default class VorexyModuleService extends MedusaService({
  VorexyCharge,
  VorexyWebhookEvent,
  VorexyWithdrawal,
}) {
  protected readonly options_: VorexyOptions | null
  protected readonly optionsError_: string | null
  private client_?: VorexyClient

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
    let parsed: VorexyOptions | null = null
    let problem: string | null = null
    try {
      parsed = parseVorexyOptions(options)
    } catch (error) {
      problem = (error as Error).message
    }
    this.options_ = parsed
    this.optionsError_ = problem
  }

  get options(): VorexyOptions {
    if (!this.options_)
      throw new Error(
        `${this.optionsError_} (pass the same options to the plugin entry in medusa-config)`
      )
    return this.options_
  }

  /** The gateway client for re-fetches, balance and withdrawals. */
  gateway(): VorexyClient {
    this.client_ ??= clientFromOptions(this.options)
    return this.client_
  }

  /**
   * The company id for balance and withdrawals: from the options, else learned from the gateway's
   * create-transaction answers (kept on the charges). Null until either exists.
   */
  async companyId(): Promise<string | null> {
    if (this.options.companyId) return String(this.options.companyId)
    const [charge] = await this.listVorexyCharges(
      { company_id: { $ne: null } },
      {
        order: { created_at: "DESC" },
        take: 1,
      }
    )
    return charge?.company_id ?? null
  }

  /** The company id, or a clear error saying how to provide it. */
  async requireCompanyId(): Promise<string> {
    const companyId = await this.companyId()
    if (!companyId) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "The Vorexy company id is not known yet: set VOREXY_COMPANY_ID, or take a first PIX payment so the plugin learns it."
      )
    }
    return companyId
  }

  /** The webhook secret, when one is configured (null: the URL is not protected by a token). */
  webhookSecret(): string | null {
    return this.options_?.webhookSecret ?? null
  }

  /** Updates charges and wakes the long-polls waiting on them. */
  async updateChargesAndNotify(updates: ChargeUpdate[]): Promise<VorexyChargeRow[]> {
    const updated = (await this.updateVorexyCharges(
      updates as Parameters<VorexyModuleService["updateVorexyCharges"]>[0]
    )) as unknown as VorexyChargeRow[]
    for (const charge of updated) notifyChargeChanged(charge.id)
    return updated
  }

  /**
   * Stores a webhook delivery once per event key, atomically: a repeated key only counts the
   * delivery. Returns the event id and whether this delivery is the first.
   */
  @InjectManager()
  async recordDelivery(
    input: DeliveryInput,
    @MedusaContext() context: Context = {}
  ): Promise<{ id: string; first: boolean }> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const id = `vxwh_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
    const { rows } = await knex.raw(
      `insert into vorexy_webhook_event (id, event_key, header_event_id, kind, reference_id, status_hint, body, trusted)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict (event_key) where deleted_at is null
       do update set deliveries = vorexy_webhook_event.deliveries + 1, updated_at = now()
       returning id, (xmax = 0) as first`,
      [
        id,
        input.event_key,
        input.header_event_id,
        input.kind,
        input.reference_id,
        input.status_hint,
        JSON.stringify(input.body),
        input.trusted,
      ]
    )
    return { id: rows[0].id, first: rows[0].first }
  }
}
