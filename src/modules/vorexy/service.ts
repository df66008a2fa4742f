import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { Context } from "@medusajs/framework/types"
import { VorexyClient } from "../../gateway"
import {
  clientFromOptions,
  parseVorexyOptions,
  signingSecrets,
  VorexyOptions,
} from "../../providers/vorexy/options"
import { ChargeBinding } from "../../providers/vorexy/core/binding"
import { PayerSeal } from "../../providers/vorexy/core/payer"
import { FLAG_AFTER_FAILURES, nextAttemptAt } from "../../rules/backoff"
import { Client } from "@medusajs/framework/pg"
import { ChargePush, CHANNEL, payloads, type ListenClient } from "./charge-push"
import { CHARGE_MARK_SQL, ChargeMark, ChargeWatcher, FALLBACK_TICK_MS } from "./charge-watch"
import { notFoundDeadline } from "../../rules/unknown-charge"
import { cutText, storableJson, storableText } from "./storable"
import { VorexyCharge } from "./models/charge"
import { VorexyHealthMark } from "./models/health-mark"
import { OrderTokens } from "./order-token"
import { QrLinks } from "./qr-link"
import { VorexyWebhookEvent } from "./models/webhook-event"
import { VorexyWithdrawal } from "./models/withdrawal"
import type { VorexyChargeRow } from "./types"
import { WATCH_TICK_MS } from "../../rules/timing"
import { DROP_BODIES_PER_RUN, dropOldBodiesSql } from "./body-clean-up"

type ChargeUpdate = { id: string } & Record<string, unknown>

/** The query builder of the request's transaction (MikroORM's knex). */
type KnexManager = {
  getKnex(): {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw rows, typed by each caller
    raw(sql: string, bindings: unknown[]): Promise<{ rows: Array<any> }>
  }
}

/** Webhook deliveries since some time, by outcome; repeated deliveries counted as duplicates. */
export type DeliveryCounts = Record<string, number> & { duplicate: number }

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
  VorexyHealthMark,
  VorexyWebhookEvent,
  VorexyWithdrawal,
}) {
  protected readonly options_: VorexyOptions | null
  protected readonly optionsError_: string | null
  private client_?: VorexyClient
  private binding_?: ChargeBinding
  private qrLinks_?: QrLinks
  private orderTokens_?: OrderTokens
  private payerSeal_?: PayerSeal
  private watcher_?: ChargeWatcher
  private push_?: ChargePush

  /** Medusa calls these on the module's service: the listener's connection is closed at shutdown. */
  private shutDown_ = false
  __hooks = {
    onApplicationPrepareShutdown: async () => this.stopPush(),
    onApplicationShutdown: async () => this.stopPush(),
  }

  private stopPush() {
    this.shutDown_ = true
    this.push_?.stop()
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown> = {}) {
    super(cradle, options)
    let parsed: VorexyOptions | null = null
    let problem: string | null = null
    try {
      parsed = parseVorexyOptions(options, "plugin")
    } catch (error) {
      problem = (error as Error).message
    }
    this.options_ = parsed
    this.optionsError_ = problem
  }

  get options(): VorexyOptions {
    // The module's loader refuses to boot without them; this is the second line of defence.
    if (!this.options_) throw new Error(this.optionsError_ ?? "medusa-payment-vorexy: no options")
    return this.options_
  }

  /** Checks that a session's transaction is the one the provider created for it. */
  binding(): ChargeBinding {
    this.binding_ ??= new ChargeBinding(signingSecrets(this.options))
    return this.binding_
  }

  /** Opens a session's sealed payer (adoption compares it with the payer the gateway billed). */
  payerSeal(): PayerSeal {
    this.payerSeal_ ??= new PayerSeal(signingSecrets(this.options))
    return this.payerSeal_
  }

  /** Signed links to PIX QR images, for e-mails. */
  qrLinks(): QrLinks {
    this.qrLinks_ ??= new QrLinks(signingSecrets(this.options))
    return this.qrLinks_
  }

  /** Orders' tokens: what lets the shopper act on an order from the e-mails' links. */
  orderTokens(): OrderTokens {
    this.orderTokens_ ??= new OrderTokens(signingSecrets(this.options))
    return this.orderTokens_
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
    for (const charge of updated) this.watcher_?.notify(charge.id)
    // Other processes' long-polls hear of it too (charge-push.ts). Not awaited: a sync never waits
    // on it, and the listeners read again within FALLBACK_TICK_MS anyway.
    void this.announceCharges(updated.map((charge) => charge.id)).catch(() => undefined)
    return updated
  }

  /** Tells every listening process (charge-push.ts) that these charges changed. */
  @InjectManager()
  async announceCharges(ids: string[], @MedusaContext() context: Context = {}) {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    for (const payload of payloads(ids))
      await knex.raw("select pg_notify(?, ?)", [CHANNEL, payload])
  }

  /**
   * This process's watcher for long-polling status requests (charge-watch.ts), listening for
   * other processes' announcements from its first use: it polls every FALLBACK_TICK_MS while it
   * hears them, every WATCH_TICK_MS while it cannot.
   */
  chargeWatcher(): ChargeWatcher {
    if (this.watcher_) return this.watcher_
    const watcher = new ChargeWatcher(
      (ids) => this.chargeMarks(ids),
      () => (this.push_?.connected ? FALLBACK_TICK_MS : WATCH_TICK_MS)
    )
    this.watcher_ = watcher
    void this.connectionConfig()
      .then((config) => {
        // Not after shutdown (the config may come after the hooks ran): it would never close.
        if (this.push_ || this.shutDown_) return
        this.push_ = new ChargePush(
          () => new Client(config as never) as unknown as ListenClient,
          (ids) => ids.forEach((id) => watcher.notify(id)),
          () => watcher.notifyAll()
        )
        this.push_.start()
      })
      .catch(() => undefined)
    return watcher
  }

  /** How the module's own database connection is made (the listener opens one more like it). */
  @InjectManager()
  private async connectionConfig(@MedusaContext() context: Context = {}): Promise<unknown> {
    const knex = (context.manager as unknown as KnexManager).getKnex() as unknown as {
      client: { config: { connection: unknown } }
    }
    const connection = knex.client.config.connection
    return typeof connection === "function" ? await connection() : connection
  }

  /** Each charge's mark (status, and when it stopped being offered): the watcher's one query. */
  @InjectManager()
  async chargeMarks(ids: string[], @MedusaContext() context: Context = {}): Promise<ChargeMark[]> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const { rows } = await knex.raw(
      `select id, ${CHARGE_MARK_SQL} as mark from vorexy_charge where id = any(?) and deleted_at is null`,
      [ids]
    )
    return rows
  }

  /**
   * A charge sync that failed (gateway down, capture refused...): counted and retried later with
   * backoff, flagged for the admin after FLAG_AFTER_FAILURES. Recorded outside the sync's own
   * workflow, whose compensation would otherwise erase it.
   */
  async recordChargeSyncFailure(transactionId: string, reason: string) {
    const [charge] = await this.listVorexyCharges({ transaction_id: transactionId })
    if (!charge) return
    const failures = charge.sync_failures + 1
    const flag =
      failures >= FLAG_AFTER_FAILURES && (!charge.flag || charge.flag === "sync_failing")
        ? {
            flag: "sync_failing" as const,
            flag_detail: cutText(`${failures} syncs failed in a row; the last: ${reason}`, 1000),
          }
        : {}
    // Never past its 404 deadline: a charge on that clock is marked unknown in time.
    const retryAt = nextAttemptAt(failures)
    const deadline = notFoundDeadline(charge)
    const nextSyncAt = deadline && deadline < retryAt ? deadline : retryAt
    await this.updateChargesAndNotify([
      { id: charge.id, sync_failures: failures, next_sync_at: nextSyncAt, ...flag },
    ])
  }

  /**
   * Writes `update` on a withdrawal only while it still has the status and gateway id it was read
   * with, in one statement: of two writers that read it alike, one wins, and the other reads it
   * again (`writeWithdrawal`) instead of putting back a status a webhook has moved on. False when
   * the row had moved on already.
   */
  @InjectManager()
  async moveWithdrawal(
    id: string,
    read: { status: string; gateway_id: string | null },
    update: Record<string, unknown>,
    @MedusaContext() context: Context = {}
  ): Promise<boolean> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const fields = Object.entries(update).filter(([key]) => key !== "id")
    const { rows } = await knex.raw(
      `update vorexy_withdrawal set ${fields.map(() => "?? = ?, ").join("")}updated_at = now()
       where id = ? and status = ? and gateway_id is not distinct from ? and deleted_at is null
       returning id`,
      [...fields.flat(), id, read.status, read.gateway_id]
    )
    return rows.length > 0
  }

  /**
   * The database's clock. Webhook events are timestamped by it, so a re-fetch is compared with them
   * on the same clock, whichever instance ran it.
   */
  @InjectManager()
  async databaseNow(@MedusaContext() context: Context = {}): Promise<Date> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const { rows } = await knex.raw("select clock_timestamp() as now", [])
    return new Date((rows[0] as unknown as { now: string | Date }).now)
  }

  /**
   * Drops the raw bodies (personal data) of webhook events older than the retention period, once
   * processed; the outcome and references stay. The oldest DROP_BODIES_PER_RUN at a time, found
   * through the index of the events still holding theirs: a run costs the same however many
   * events the table keeps, and a backlog (a retention shortened, the job down for days) goes in
   * short statements over the next runs. Returns how many were dropped.
   */
  @InjectManager()
  async dropOldWebhookBodies(@MedusaContext() context: Context = {}): Promise<number> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const { rows } = await knex.raw(
      `${dropOldBodiesSql(this.options.webhookRetentionDays, DROP_BODIES_PER_RUN)} returning id`,
      []
    )
    return rows.length
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
    // The delivery is kept as sent, except what PostgreSQL cannot store (NUL, lone surrogates).
    const text = (value: string | null) => (value === null ? null : storableText(value))
    const { rows } = await knex.raw(
      `insert into vorexy_webhook_event (id, event_key, header_event_id, kind, reference_id, status_hint, body, trusted)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict (event_key) where deleted_at is null
       do update set deliveries = vorexy_webhook_event.deliveries + 1, updated_at = now()
       returning id, (xmax = 0) as first`,
      [
        id,
        input.event_key,
        text(input.header_event_id),
        input.kind,
        input.reference_id,
        text(input.status_hint),
        JSON.stringify(storableJson(input.body)),
        input.trusted,
      ]
    )
    return { id: rows[0].id, first: rows[0].first }
  }

  /**
   * Counts a health mark `by` (one row per key, atomically), keeping the latest data; answers the
   * count it reached.
   */
  @InjectManager()
  async markHealth(
    key: string,
    data: Record<string, unknown> | null = null,
    by = 1,
    @MedusaContext() context: Context = {}
  ): Promise<number> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const id = `vxhm_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
    const { rows } = await knex.raw(
      `insert into vorexy_health_mark (id, key, count, last_at, data) values (?, ?, ?, now(), ?::jsonb)
       on conflict (key) where deleted_at is null
       do update set count = vorexy_health_mark.count + excluded.count, last_at = now(),
         data = coalesce(excluded.data, vorexy_health_mark.data), updated_at = now()
       returning count`,
      [id, key, by, data === null ? null : JSON.stringify(data)]
    )
    return Number(rows[0]?.count ?? by)
  }

  /** Webhook events stored in the last `hours`, by outcome, and the repeated deliveries. */
  @InjectManager()
  async webhookCounts(
    hours: number,
    @MedusaContext() context: Context = {}
  ): Promise<DeliveryCounts> {
    const knex = (context.manager as unknown as KnexManager).getKnex()
    const { rows } = await knex.raw(
      `select outcome, count(*)::int as events, coalesce(sum(deliveries - 1), 0)::int as repeats
       from vorexy_webhook_event
       where deleted_at is null and created_at > now() - make_interval(hours => ?)
       group by outcome`,
      [hours]
    )
    const counts: DeliveryCounts = { duplicate: 0 }
    for (const row of rows as { outcome: string; events: number; repeats: number }[]) {
      counts[row.outcome] = row.events
      counts.duplicate += row.repeats
    }
    return counts
  }
}
