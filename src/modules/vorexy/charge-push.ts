/**
 * Cross-process wake-ups for the long-poll watcher (charge-watch.ts), through PostgreSQL's
 * LISTEN/NOTIFY: every process that changes a charge announces it (`pg_notify` after its write),
 * and every process with long-polls waiting listens on one connection of its own. PostgreSQL
 * rather than Redis pub/sub: every process of every topology shares the database (a store without
 * Redis too), and a notification sent in a transaction is delivered only once it commits, so no
 * process is woken before the change can be read. A missed notification (the connection dropped,
 * a restart) is caught by the watcher's fallback read every FALLBACK_TICK_MS.
 *
 * The listener proves itself: after LISTEN, and every PUSH_PROBE_EVERY_MS, it announces a nonce on its
 * own connection and must hear it back within PUSH_PROBE_WAIT_MS. Until then it does not count as
 * connected (the watcher keeps its quick reads): a connection that died without a word, or a
 * pooler that does not carry LISTEN (PgBouncer in transaction mode), is told and replaced.
 */
import { PUSH_PROBE_EVERY_MS, PUSH_PROBE_WAIT_MS } from "../../rules/timing"

export const CHANNEL = "vorexy_charge_changed"

/** A notification's payload is at most 8,000 bytes: ids are sent in chunks well under it. */
const CHUNK = 100
const PROBE = "probe:"

/** What the listener needs of a PostgreSQL client (pg's Client). */
export type ListenClient = {
  connect(): Promise<unknown>
  query(text: string): Promise<unknown>
  end(): Promise<unknown>
  on(
    event: "notification",
    listener: (message: { channel: string; payload?: string }) => void
  ): unknown
  on(event: "error" | "end", listener: (error?: Error) => void): unknown
  removeAllListeners(): unknown
}

/** The payloads announcing `ids` changed (one per chunk). */
export function payloads(ids: string[]) {
  const unique = [...new Set(ids)]
  const out: string[] = []
  for (let i = 0; i < unique.length; i += CHUNK) out.push(unique.slice(i, i + CHUNK).join(","))
  return out
}

/**
 * One LISTEN connection, reconnected after any failure (1 s, doubling to 60 s), apart from the
 * pool so a long-lived listener never holds a query connection.
 */
export class ChargePush {
  private client: ListenClient | null = null
  private retryMs = 1_000
  private retry: NodeJS.Timeout | null = null
  private stopped = false
  /** True while the listener is connected and listening: the watcher may then poll slowly. */
  connected = false

  private probe: { nonce: string; timer: NodeJS.Timeout } | null = null
  private prober: NodeJS.Timeout | null = null

  /**
   * `onChange`: charges announced changed. `onListening`: the listener has just proven itself;
   * what changed while nobody listened was not heard, so every waiter should read once.
   */
  constructor(
    private readonly connect: () => ListenClient,
    private readonly onChange: (ids: string[]) => void,
    private readonly onListening: () => void = () => undefined
  ) {}

  /** Starts listening (once; later calls do nothing). */
  start() {
    if (this.client || this.retry || this.stopped) return
    void this.open()
  }

  stop() {
    this.stopped = true
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
    this.drop()
  }

  private async open() {
    this.retry = null
    const client = this.connect()
    this.client = client
    const lost = () => {
      if (this.client !== client) return
      this.drop()
      this.reopen()
    }
    client.on("error", lost)
    client.on("end", lost)
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      if (message.payload.startsWith(PROBE)) return this.heard(client, message.payload)
      // Ids only; anything else on the channel is not ours to trust beyond a wake-up.
      const ids = message.payload.split(",").filter((id) => id.length > 0 && id.length <= 64)
      if (ids.length) this.onChange(ids)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
      if (this.client !== client) return
      this.sendProbe(client)
    } catch {
      lost()
    }
  }

  /** Announces a nonce on the listener's own connection; not heard back in time: replaced. */
  private sendProbe(client: ListenClient) {
    if (this.client !== client || this.probe) return
    const nonce = `${PROBE}${Math.random().toString(36).slice(2)}`
    const timer = setTimeout(() => {
      if (this.client !== client) return
      this.drop()
      this.reopen()
    }, PUSH_PROBE_WAIT_MS)
    timer.unref()
    this.probe = { nonce, timer }
    client.query(`NOTIFY ${CHANNEL}, '${nonce}'`).catch(() => undefined)
  }

  private heard(client: ListenClient, payload: string) {
    if (this.client !== client || this.probe?.nonce !== payload) return
    clearTimeout(this.probe.timer)
    this.probe = null
    if (!this.connected) {
      this.connected = true
      this.retryMs = 1_000
      this.onListening()
    }
    if (!this.prober) {
      this.prober = setInterval(
        () => this.client && this.sendProbe(this.client),
        PUSH_PROBE_EVERY_MS
      )
      this.prober.unref()
    }
  }

  private drop() {
    const client = this.client
    this.client = null
    this.connected = false
    if (this.probe) clearTimeout(this.probe.timer)
    this.probe = null
    if (this.prober) clearInterval(this.prober)
    this.prober = null
    if (!client) return
    client.removeAllListeners()
    // An error on a dead socket must not become an unhandled event.
    client.on("error", () => undefined)
    void client.end().catch(() => undefined)
  }

  private reopen() {
    if (this.stopped || this.retry) return
    const delay = this.retryMs
    // A pooler that never carries LISTEN fails every probe: try it less and less often.
    this.retryMs = Math.min(this.retryMs * 2, 60_000)
    this.retry = setTimeout(() => void this.open(), delay)
    this.retry.unref()
  }
}
