/**
 * Cross-process wake-ups for the long-poll watcher (charge-watch.ts), through PostgreSQL's
 * LISTEN/NOTIFY: every process that changes a charge announces it (`pg_notify` after its write),
 * and every process with long-polls waiting listens on one connection of its own. PostgreSQL
 * rather than Redis pub/sub: every process of every topology shares the database (a store without
 * Redis too), and a notification sent in a transaction is delivered only once it commits, so no
 * process is woken before the change can be read. A missed notification (the connection dropped,
 * a restart) is caught by the watcher's fallback read every FALLBACK_TICK_MS.
 */

export const CHANNEL = "vorexy_charge_changed"

/** A notification's payload is at most 8,000 bytes: ids are sent in chunks well under it. */
const CHUNK = 100

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
 * One LISTEN connection, reconnected after any failure (1 s, doubling to 10 s), told apart from
 * the pool so a long-lived listener never holds a query connection.
 */
export class ChargePush {
  private client: ListenClient | null = null
  private retryMs = 1_000
  private retry: NodeJS.Timeout | null = null
  private stopped = false
  /** True while the listener is connected and listening: the watcher may then poll slowly. */
  connected = false

  constructor(
    private readonly connect: () => ListenClient,
    private readonly onChange: (ids: string[]) => void
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
      // Ids only; anything else on the channel is not ours to trust beyond a wake-up.
      this.onChange(message.payload.split(",").filter((id) => id.length > 0 && id.length <= 64))
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
      if (this.client !== client) return
      this.connected = true
      this.retryMs = 1_000
      // Changes made while no one listened are not told: wake every waiter to read once.
      this.onChange([])
    } catch {
      lost()
    }
  }

  private drop() {
    const client = this.client
    this.client = null
    this.connected = false
    if (!client) return
    client.removeAllListeners()
    // An error on a dead socket must not become an unhandled event.
    client.on("error", () => undefined)
    void client.end().catch(() => undefined)
  }

  private reopen() {
    if (this.stopped || this.retry) return
    const delay = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, 10_000)
    this.retry = setTimeout(() => void this.open(), delay)
    this.retry.unref()
  }
}
