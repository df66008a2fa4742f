/**
 * Charges (cash-in): creation (PIX, BOLETO, CREDIT_CARD), lookups, listing and state changes.
 * A card is authorised at creation: Paid, Refused or InAnalysis at once.
 */
import { randomUUID } from "node:crypto"
import { buildPixPayload } from "../pix-payload"
import type { CardTokenVault } from "./card-tokens"
import { parseCreate } from "./create-request"
import { authoriseCard, issueBoleto } from "./methods"
import { ApiError, Company, Emit, now, StateHost, Transaction, TransactionState } from "./types"

export class TransactionLedger {
  private nextInternalId = 1
  private nextLeadId = 1
  /**
   * Each company's transactions in creation order, so a list call slices instead of sorting them
   * all. Kept as they are created; rebuilt once when the map changed otherwise (a restored state,
   * a transaction forgotten by the control route, or made while the index was behind), which its
   * size tells.
   */
  private byCompany = new Map<number, Transaction[]>()
  private indexed = 0

  constructor(
    private readonly host: StateHost,
    private readonly emit: Emit,
    private readonly cardTokens: CardTokenVault
  ) {}

  reset() {
    this.nextInternalId = 1
    this.nextLeadId = 1
    this.byCompany.clear()
    this.indexed = 0
  }

  private companyTransactions(companyId: number): Transaction[] {
    if (this.indexed !== this.host.transactions.size) {
      this.byCompany.clear()
      const all = [...this.host.transactions.values()].sort((a, b) => a.internalId - b.internalId)
      for (const t of all) this.indexOf(t.companyId).push(t)
      this.indexed = all.length
    }
    return this.byCompany.get(companyId) ?? []
  }

  private indexOf(companyId: number) {
    let list = this.byCompany.get(companyId)
    if (!list) this.byCompany.set(companyId, (list = []))
    return list
  }

  /** The next ids to give, so that a restored sandbox never gives one twice. */
  counters() {
    return { nextInternalId: this.nextInternalId, nextLeadId: this.nextLeadId }
  }

  restoreCounters(counters: ReturnType<TransactionLedger["counters"]>) {
    this.nextInternalId = counters.nextInternalId
    this.nextLeadId = counters.nextLeadId
  }

  create(company: Company, input: unknown): Transaction {
    const parsed = parseCreate(input, (hash) => this.cardTokens.usable(hash, company.companyId))
    const { body, pixDays } = parsed
    const createdAt = now()
    const transactionId = randomUUID()
    const internalId = this.nextInternalId++
    const txid = transactionId.replace(/-/g, "")
    const transaction: Transaction = {
      internalId,
      transactionId,
      companyId: company.companyId,
      amountCents: body.amount,
      paidAmountCents: null,
      refundedAmountCents: 0,
      paymentMethod: body.paymentMethod,
      state: "Awaiting",
      cancelReason: null,
      customer: { ...body.customer, ...this.existingLead(body.customer) },
      items: Array.isArray(body.items) ? body.items : [],
      leadId: randomUUID(),
      leadInternalId: this.nextLeadId++,
      pix:
        body.paymentMethod === "PIX"
          ? {
              qrcode: buildPixPayload({
                location: `pix.sandbox.vorexy.local/qr/v2/${txid}`,
                amountCents: body.amount,
                merchantName: company.name,
                merchantCity: "Sao Paulo",
              }),
              expirationDate: new Date(Date.now() + pixDays * 86_400_000).toISOString(),
            }
          : null,
      boleto:
        body.paymentMethod === "BOLETO"
          ? issueBoleto({
              companyId: company.companyId,
              internalId,
              transactionId,
              amountCents: body.amount,
              days: parsed.boletoDays,
              baseUrl: this.host.publicUrl,
            })
          : null,
      card: parsed.cardToken
        ? { brand: parsed.cardToken.brand, lastDigits: parsed.cardToken.lastDigits }
        : null,
      installments: parsed.installments,
      refusedReason: null,
      shipping: body.shipping ?? null,
      providerTxId: `E2E${txid.slice(0, 29).toUpperCase()}`,
      ip: typeof body.ip === "string" ? body.ip : null,
      createdAt,
      updatedAt: createdAt,
      paidAt: null,
    }
    if (parsed.cardToken) {
      this.cardTokens.consume(parsed.cardToken)
      const { state, refusedReason } = authoriseCard(parsed.cardToken)
      transaction.state = state
      transaction.refusedReason = refusedReason
      if (state === "Paid") this.credit(transaction)
    }
    const inSync = this.indexed === this.host.transactions.size
    this.host.transactions.set(transactionId, transaction)
    if (inSync) {
      this.indexOf(company.companyId).push(transaction)
      this.indexed++
    } else {
      // Rebuilt at the next list: a forgotten one and this one would make the count agree again.
      this.indexed = -1
    }
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  /** With one lead per payer, a repeat payer keeps the reference of their first transaction. */
  private existingLead(customer: Transaction["customer"]) {
    if (this.host.variants.leads !== "per-payer") return {}
    const document = JSON.stringify(customer.document ?? null)
    for (const earlier of this.host.transactions.values())
      if (JSON.stringify(earlier.customer.document ?? null) === document)
        return { externalRef: earlier.customer.externalRef }
    return {}
  }

  get(transactionId: string, companyId?: number): Transaction {
    const transaction = this.host.transactions.get(transactionId)
    if (!transaction || (companyId !== undefined && transaction.companyId !== companyId)) {
      throw new ApiError(404, `Transaction ${transactionId} not found`)
    }
    return transaction
  }

  private assertState(transaction: Transaction, to: TransactionState, from: TransactionState[]) {
    if (!from.includes(transaction.state)) {
      throw new ApiError(
        409,
        `Transaction ${transaction.transactionId} is ${transaction.state}; cannot move it to ${to}`
      )
    }
  }

  private move(transaction: Transaction, to: TransactionState, from: TransactionState[]) {
    this.assertState(transaction, to, from)
    transaction.state = to
    transaction.updatedAt = now()
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  /** The money of a paid charge reaches the company's balance, as the gateway settles it. */
  private credit(transaction: Transaction, amountCents?: number) {
    transaction.paidAmountCents = amountCents ?? transaction.amountCents
    transaction.paidAt = now()
    this.host.company(transaction.companyId).balance.availableCents += transaction.paidAmountCents
  }

  /** Pays a charge (a card in analysis is approved). `amountCents` simulates another paid value. */
  pay(transactionId: string, amountCents?: number) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Paid", ["Awaiting", "InAnalysis"])
    this.credit(transaction, amountCents)
    return this.move(transaction, "Paid", ["Awaiting", "InAnalysis"])
  }

  /**
   * A payment the payer's bank took in a PIX's last moments, confirmed after the gateway's expiry
   * job had cancelled it: Cancelled (expired) -> Paid.
   */
  payLate(transactionId: string) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Paid", ["Cancelled"])
    if (transaction.cancelReason !== "expired")
      throw new ApiError(409, "Only an expired charge can be paid late")
    this.credit(transaction)
    return this.move(transaction, "Paid", ["Cancelled"])
  }

  expire(transactionId: string) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Cancelled", ["Awaiting"])
    transaction.cancelReason = "expired"
    return this.move(transaction, "Cancelled", ["Awaiting"])
  }

  cancel(transactionId: string) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Cancelled", ["Awaiting", "InAnalysis"])
    transaction.cancelReason = "cancelled"
    return this.move(transaction, "Cancelled", ["Awaiting", "InAnalysis"])
  }

  fail(transactionId: string) {
    return this.move(this.get(transactionId), "Failed", ["Awaiting", "InAnalysis"])
  }

  /** The payer disputed a paid charge: what is left of it leaves the balance. */
  chargeback(transactionId: string) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Chargedback", ["Paid"])
    const paid = transaction.paidAmountCents ?? transaction.amountCents
    this.host.company(transaction.companyId).balance.availableCents -=
      paid - transaction.refundedAmountCents
    return this.move(transaction, "Chargedback", ["Paid"])
  }

  /** A paid charge under protest (money stays until the dispute ends). */
  protest(transactionId: string) {
    return this.move(this.get(transactionId), "InProtest", ["Paid"])
  }

  /** Refunds in the panel: all that is left, or `amountCents` (a partial refund stays Paid). */
  refund(transactionId: string, amountCents?: number) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Refunded", ["Paid"])
    const paid = transaction.paidAmountCents ?? transaction.amountCents
    const left = paid - transaction.refundedAmountCents
    const amount = amountCents ?? left
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new ApiError(400, `Refund amount must be between 1 and ${left} cents`)
    }
    transaction.refundedAmountCents += amount
    this.host.company(transaction.companyId).balance.availableCents -= amount
    if (transaction.refundedAmountCents < paid) {
      transaction.updatedAt = now()
      this.emit({ kind: "transaction", transaction })
      return transaction
    }
    return this.move(transaction, "Refunded", ["Paid"])
  }

  /** Expires every awaiting PIX charge whose expirationDate has passed; answers how many. */
  sweepExpired(at: number) {
    let expired = 0
    for (const transaction of this.host.transactions.values()) {
      if (
        transaction.state === "Awaiting" &&
        transaction.pix &&
        Date.parse(transaction.pix.expirationDate) <= at
      ) {
        this.expire(transaction.transactionId)
        expired++
      }
    }
    return expired
  }

  list(
    companyId: number,
    page: number,
    pageSize: number,
    sort: "createdAt_desc" | "createdAt_asc"
  ) {
    const all = this.companyTransactions(companyId)
    const total = all.length
    // Newest first counts pages from the end of the creation order.
    const [from, to] =
      sort === "createdAt_desc"
        ? [Math.max(0, total - page * pageSize), Math.max(0, total - (page - 1) * pageSize)]
        : [(page - 1) * pageSize, page * pageSize]
    const items = all.slice(from, to)
    if (sort === "createdAt_desc") items.reverse()
    return {
      items,
      totalItems: all.length,
      totalPages: Math.ceil(all.length / pageSize),
    }
  }
}
