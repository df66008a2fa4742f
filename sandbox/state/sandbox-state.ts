/**
 * The sandbox gateway's in-memory state and business rules. Everything the HTTP layer and the
 * control endpoints do goes through here, and every state change is announced to the webhook
 * dispatcher. The rules live per resource (companies, transactions, withdrawals, idempotency);
 * this class owns the records and keeps the one public surface tests and the demo use.
 */
import { CardTokenVault } from "./card-tokens"
import { CompanySeed, findByCredentials, findCompany, seedCompany } from "./companies"
import { IdempotencyStore, StoredResponse } from "./idempotency"
import { boletoUrl } from "./methods"
import { savedCompany, StateSnapshot } from "./snapshot"
import { TransactionLedger } from "./transactions"
import {
  Company,
  DEFAULT_VARIANTS,
  Emit,
  StateHost,
  Transaction,
  Variants,
  Withdrawal,
} from "./types"
import { WithdrawalLedger } from "./withdrawals"

export class SandboxState implements StateHost {
  companies = new Map<number, Company>()
  transactions = new Map<string, Transaction>()
  withdrawals = new Map<number, Withdrawal>()
  variants: Variants = { ...DEFAULT_VARIANTS }
  /** Set by the server once it listens (links the sandbox issues point at it). */
  get publicUrl() {
    return this.url
  }

  /** A restored boleto's slip is served by this run too, whatever port the last one listened on. */
  set publicUrl(url: string) {
    this.url = url
    for (const t of this.transactions.values())
      if (t.boleto) t.boleto.url = boletoUrl(url, t.transactionId)
  }

  private url = ""
  /** The card tokeniser's tokens (POST /api/v1/card-tokens). */
  readonly cardTokens = new CardTokenVault(() => this.companies.values())
  private readonly idempotency = new IdempotencyStore(() => this.variants.idempotencyConflictStatus)
  private readonly transactionLedger: TransactionLedger
  private readonly withdrawalLedger: WithdrawalLedger

  constructor(
    private readonly seeds: CompanySeed[],
    private readonly defaultWebhookUrl: string | null,
    emit: Emit
  ) {
    this.transactionLedger = new TransactionLedger(this, emit, this.cardTokens)
    this.withdrawalLedger = new WithdrawalLedger(this, emit)
    this.reset()
  }

  reset() {
    this.companies.clear()
    this.transactions.clear()
    this.withdrawals.clear()
    this.idempotency.clear()
    this.cardTokens.reset()
    this.variants = { ...DEFAULT_VARIANTS }
    this.transactionLedger.reset()
    this.withdrawalLedger.reset()
    for (const seed of this.seeds) {
      this.companies.set(seed.companyId, seedCompany(seed, this.defaultWebhookUrl))
    }
  }

  // ---- state file ----------------------------------------------------------------------------

  snapshot(): StateSnapshot {
    return {
      companies: [...this.companies.values()].map(savedCompany),
      transactions: [...this.transactions.values()],
      withdrawals: [...this.withdrawals.values()],
      counters: { ...this.transactionLedger.counters(), ...this.withdrawalLedger.counters() },
      idempotency: this.idempotency.entries(),
      cardTokens: this.cardTokens.saved(),
    }
  }

  /** Takes a saved state as its own; companies get this run's webhook URL. */
  restore(snapshot: StateSnapshot) {
    this.reset()
    this.companies.clear()
    for (const company of snapshot.companies) {
      this.companies.set(company.companyId, { ...company, webhookUrl: this.defaultWebhookUrl })
    }
    for (const t of snapshot.transactions) this.transactions.set(t.transactionId, t)
    for (const w of snapshot.withdrawals) this.withdrawals.set(w.id, w)
    this.transactionLedger.restoreCounters(snapshot.counters)
    this.withdrawalLedger.restoreCounters(snapshot.counters)
    this.idempotency.restore(snapshot.idempotency)
    this.cardTokens.restore(snapshot.cardTokens)
  }

  // ---- companies -----------------------------------------------------------------------------

  authenticate(clientId: unknown, apiKey: unknown): Company | null {
    return findByCredentials(this.companies, clientId, apiKey)
  }

  company(companyId: number): Company {
    return findCompany(this.companies, companyId)
  }

  setBankPixKey(companyId: number, key: { pixKey: string; pixKeyType: string } | null) {
    this.company(companyId).bankPixKey = key
  }

  setBalance(companyId: number, balance: Partial<Company["balance"]>) {
    const company = this.company(companyId)
    company.balance = { ...company.balance, ...balance }
    return company.balance
  }

  /**
   * Runs `work` once per (company, operation, key). The same key with the same body gets the
   * original response (even while the first request is still in flight); another body is refused.
   */
  idempotent(
    companyId: number,
    operation: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<StoredResponse>
  ): Promise<StoredResponse> {
    return this.idempotency.run(companyId, operation, key, body, work)
  }

  // ---- transactions --------------------------------------------------------------------------

  createTransaction(company: Company, body: unknown): Transaction {
    return this.transactionLedger.create(company, body)
  }

  transaction(transactionId: string, companyId?: number): Transaction {
    return this.transactionLedger.get(transactionId, companyId)
  }

  /** Pays a charge. `amountCents` simulates a gateway reporting a different paid value. */
  payTransaction(transactionId: string, amountCents?: number) {
    return this.transactionLedger.pay(transactionId, amountCents)
  }

  /** Cancelled by its expiry, then paid: a payment of its last moments confirmed late. */
  payLateTransaction(transactionId: string) {
    return this.transactionLedger.payLate(transactionId)
  }

  expireTransaction(transactionId: string) {
    return this.transactionLedger.expire(transactionId)
  }

  cancelTransaction(transactionId: string) {
    return this.transactionLedger.cancel(transactionId)
  }

  failTransaction(transactionId: string) {
    return this.transactionLedger.fail(transactionId)
  }

  refundTransaction(transactionId: string, amountCents?: number) {
    return this.transactionLedger.refund(transactionId, amountCents)
  }

  /** Paid -> Chargedback; what is left of the charge leaves the balance. */
  chargebackTransaction(transactionId: string) {
    return this.transactionLedger.chargeback(transactionId)
  }

  /** Paid -> InProtest. */
  protestTransaction(transactionId: string) {
    return this.transactionLedger.protest(transactionId)
  }

  /** Expires every awaiting PIX charge whose expirationDate has passed; answers how many. */
  sweepExpired(at = Date.now()) {
    return this.transactionLedger.sweepExpired(at)
  }

  listTransactions(
    companyId: number,
    page: number,
    pageSize: number,
    sort: "createdAt_desc" | "createdAt_asc"
  ) {
    return this.transactionLedger.list(companyId, page, pageSize, sort)
  }

  // ---- withdrawals ---------------------------------------------------------------------------

  requestWithdrawal(company: Company, body: unknown, idempotencyKey: string): Withdrawal {
    return this.withdrawalLedger.request(company, body, idempotencyKey)
  }

  withdrawal(id: number, companyId?: number): Withdrawal {
    return this.withdrawalLedger.get(id, companyId)
  }

  processWithdrawal(id: number) {
    return this.withdrawalLedger.process(id)
  }

  /** Completes a withdrawal; in the "field" variant it passes through Processing first. */
  completeWithdrawal(id: number) {
    return this.withdrawalLedger.complete(id)
  }

  failWithdrawal(id: number, reason?: string) {
    return this.withdrawalLedger.fail(id, reason)
  }

  refundWithdrawal(id: number) {
    return this.withdrawalLedger.refund(id)
  }
}
