/**
 * The sandbox gateway of the live run at volume (volume-live.ts), in a process of its own (forked
 * with an IPC channel): the store calls it over HTTP, as a real gateway, and the benchmark's own
 * work (checkouts, polls) does not share its event loop. State in memory only (no state file), its
 * list indexed by creation (sandbox/state/transactions.ts). It holds the seeded month too: one
 * transaction per seeded charge, read from the store's database, in creation order, in the state
 * the charge's row records, so the job's reads and the sweeps' list pages see what a gateway would
 * (and the seeded withdrawals the gateway made).
 *
 * Messages: { id, cmd, args } → { id, result } or { id, error }.
 */
import { Client } from "@medusajs/framework/pg"
import {
  type LoggedRequest,
  startSandbox,
  type Sandbox,
  type Transaction,
  type TransactionState,
  type WithdrawalState,
} from "../sandbox"

const STATE_OF: Record<string, TransactionState> = {
  PAID: "Paid",
  REFUNDED: "Refunded",
  CHARGEBACK: "Chargedback",
  REFUSED: "Refused",
  EXPIRED: "Cancelled",
  IN_ANALYSIS: "InAnalysis",
  WAITING_PAYMENT: "Awaiting",
}

const WITHDRAWAL_STATE_OF: Record<string, WithdrawalState> = {
  successful: "Successful",
  failed: "Failure",
  pending: "Pending",
  processing: "Processing",
}

const METHOD_OF: Record<string, string> = {
  pix: "PIX",
  boleto: "BOLETO",
  credit_card: "CREDIT_CARD",
}

type SeedRow = {
  transaction_id: string
  gateway_internal_id: string | null
  id: string
  method: string
  amount_cents: number
  gateway_status: string
  paid_amount_cents: number | null
  refunded_amount_cents: number | null
  expires_at: Date | null
  paid_at: Date | null
  created_at: Date
  updated_at: Date
}

/** A seeded charge as the gateway holds it (a charge unknown at the gateway is left out). */
export function seededTransaction(row: SeedRow, companyId: number, publicUrl: string): Transaction {
  // vxch_vol0000001 is the newest: internal ids grow with creation, under the live ones.
  const internalId = Number(row.gateway_internal_id ?? 2_000_000 - Number(row.id.slice(8)))
  const state = STATE_OF[row.gateway_status] ?? "Awaiting"
  const iso = (d: Date | null) => (d ? d.toISOString() : null)
  const method = METHOD_OF[row.method] ?? "PIX"
  return {
    internalId,
    transactionId: row.transaction_id,
    companyId,
    amountCents: row.amount_cents,
    paidAmountCents: row.paid_amount_cents,
    refundedAmountCents: row.refunded_amount_cents ?? 0,
    paymentMethod: method,
    state,
    cancelReason: state === "Cancelled" ? "expired" : null,
    customer: { name: "Cliente Volume", email: `${row.id}@example.com` },
    items: [],
    leadId: row.id,
    leadInternalId: internalId,
    pix:
      method === "PIX"
        ? { qrcode: `vol-qr-${internalId}`, expirationDate: iso(row.expires_at) ?? "" }
        : null,
    boleto:
      method === "BOLETO"
        ? {
            url: `${publicUrl}/boleto/${row.transaction_id}.pdf`,
            digitableLine: `34191.79001 01043.510047 91020.150008 ${internalId}`,
            barcode: `34199${String(internalId).padStart(39, "0")}`,
            expirationDate: iso(row.expires_at) ?? "",
          }
        : null,
    card: method === "CREDIT_CARD" ? { brand: "visa", lastDigits: "1111" } : null,
    installments: 1,
    refusedReason: state === "Refused" ? "insufficient_funds" : null,
    shipping: null,
    providerTxId: `E2EVOL${internalId}`,
    ip: null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    paidAt: iso(row.paid_at),
  }
}

let sandbox: Sandbox
let rateLimits: NodeJS.Timeout | undefined

async function seed(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<SeedRow>(
      `select id, transaction_id, gateway_internal_id, method, amount_cents, gateway_status,
         paid_amount_cents, refunded_amount_cents, expires_at, paid_at, created_at, updated_at
       from vorexy_charge where gateway_unknown_at is null order by created_at asc`
    )
    const { companyId } = sandbox.credentials()
    sandbox.state.transactions.clear()
    let top = 0
    for (const row of rows) {
      const t = seededTransaction(row, companyId, sandbox.url)
      sandbox.state.transactions.set(t.transactionId, t)
      top = Math.max(top, t.internalId)
    }
    // The withdrawals the seed left at the gateway (the unknown one never reached it).
    const withdrawals = await client.query<{
      gateway_id: string
      idempotency_key: string
      amount_cents: number
      pix_key: string
      pix_key_type: string
      status: string
      created_at: Date
      updated_at: Date
    }>(
      `select gateway_id, idempotency_key, amount_cents, pix_key, pix_key_type, status, created_at,
         updated_at from vorexy_withdrawal where gateway_id is not null and status <> 'unknown'`
    )
    for (const w of withdrawals.rows) {
      const id = Number(w.gateway_id)
      sandbox.state.withdrawals.set(id, {
        id,
        companyId,
        idempotencyKey: w.idempotency_key,
        amountCents: w.amount_cents,
        pixKey: w.pix_key,
        pixKeyType: w.pix_key_type,
        creditorDocument: "",
        description: null,
        currency: "BRL",
        metadata: null,
        state: WITHDRAWAL_STATE_OF[w.status] ?? "Pending",
        failureReason: w.status === "failed" ? "sandbox" : null,
        endToEndId: null,
        createdAt: w.created_at.toISOString(),
        updatedAt: w.updated_at.toISOString(),
        processedAt: null,
      })
    }
    // Live charges come after the seeded ones (the list's order is the internal id's).
    const ledger = (sandbox.state as unknown as { transactionLedger: LedgerCounters })
      .transactionLedger
    ledger.restoreCounters({ nextInternalId: top + 1, nextLeadId: top + 1 })
    return rows.length
  } finally {
    await client.end()
  }
}

type LedgerCounters = {
  restoreCounters: (c: { nextInternalId: number; nextLeadId: number }) => void
}

/** Pays a transaction; `lose`: its webhook is lost (the store never hears of it). */
function pay(transactionId: string, lose: boolean) {
  const lostBefore = sandbox.webhooks.lost.length
  const dropRate = sandbox.webhooks.settings.dropRate
  if (lose) sandbox.webhooks.settings.dropRate = 1
  try {
    sandbox.state.payTransaction(transactionId)
  } finally {
    sandbox.webhooks.settings.dropRate = dropRate
  }
  return { lost: sandbox.webhooks.lost.length > lostBefore, at: Date.now() }
}

/**
 * A live checkout's transaction made as old as a seeded one: it takes the seeded transaction's
 * place in the list (its internal id, its creation time, its expiry) and the seeded one is
 * forgotten. The list stays in creation order, as a gateway's is: the charge is an old charge with
 * a real order behind it (volume-live.ts does the same to the rows).
 */
function age(transactionId: string, slotId: string) {
  const live = sandbox.state.transaction(transactionId)
  const slot = sandbox.state.transaction(slotId)
  live.internalId = slot.internalId
  // Its lead stays its own: it names the charge's payment session, as a real old charge's does.
  live.createdAt = slot.createdAt
  live.updatedAt = slot.updatedAt
  const expiry = slot.pix?.expirationDate ?? slot.boleto?.expirationDate
  if (live.pix && expiry) live.pix.expirationDate = expiry
  // The creation index is rebuilt from the internal ids, the map's size having changed.
  sandbox.state.transactions.delete(slotId)
  return { createdAt: live.createdAt, expiresAt: live.pix?.expirationDate ?? null }
}

/**
 * What the store asked of the gateway since `since` (ms): calls by route, by answer, and for each
 * 429 the time until the store made the same request again (a 429 backed off waits Retry-After).
 */
function requests(since: number) {
  const byRoute: Record<string, number> = {}
  const byStatus: Record<string, number> = {}
  const items = sandbox.requests.filter((r) => Date.parse(r.at) >= since)
  const retries: { route: string; afterMs: number | null }[] = []
  items.forEach((r, i) => {
    byRoute[r.route] = (byRoute[r.route] ?? 0) + 1
    byStatus[String(r.status)] = (byStatus[String(r.status)] ?? 0) + 1
    if (r.status !== 429) return
    // The same request: one checkout's create is told from another's by its idempotency key.
    const same = (n: LoggedRequest) =>
      n.method === r.method &&
      n.path === r.path &&
      n.search === r.search &&
      n.idempotencyKey === r.idempotencyKey
    const next = items.slice(i + 1).find(same)
    retries.push({ route: r.route, afterMs: next ? Date.parse(next.at) - Date.parse(r.at) : null })
  })
  return { byRoute, byStatus, retries, lost: sandbox.webhooks.lost.length }
}

const commands: Record<string, (...args: never[]) => unknown> = {
  start: async () => {
    sandbox = await startSandbox({
      port: 0,
      // The store answers within a second; a delivery it missed is retried as a gateway does.
      webhooks: { baseDelayMs: 500, timeoutMs: 5000 },
      // Awaiting PIX past their expiry are expired every 10 s (a scan of every transaction).
      expirySweepMs: 10_000,
    })
    // The request log is the count of calls; nothing else of it is kept long.
    return { url: sandbox.url, credentials: sandbox.credentials() }
  },
  seed: (databaseUrl: string) => seed(databaseUrl),
  webhookUrl: (url: string) => sandbox.setWebhookUrl(url),
  webhooks: (settings: Record<string, unknown>) => {
    sandbox.webhooks.settings = { ...sandbox.webhooks.settings, ...settings }
  },
  /** `count` answers of 429 (Retry-After: 1 s) every `everyMs`: the gateway now and then. */
  rateLimits: (everyMs: number, count: number) => {
    if (rateLimits) clearInterval(rateLimits)
    if (everyMs > 0)
      rateLimits = setInterval(() => sandbox.setFaults({ rateLimitNext: count }), everyMs)
  },
  pay: (transactionId: string, lose: boolean) => pay(transactionId, lose),
  age: (transactionId: string, slotId: string) => age(transactionId, slotId),
  requests: (since: number) => requests(since),
  memory: () => process.memoryUsage().rss,
  stop: async () => {
    if (rateLimits) clearInterval(rateLimits)
    await sandbox?.stop()
    setImmediate(() => process.exit(0))
  },
}

if (require.main === module) {
  process.on("message", async (message: { id: number; cmd: string; args: never[] }) => {
    try {
      const result = await commands[message.cmd](...message.args)
      process.send!({ id: message.id, result: result ?? null })
    } catch (error) {
      process.send!({ id: message.id, error: (error as Error).stack ?? String(error) })
    }
  })
  process.on("disconnect", () => process.exit(0))
}
