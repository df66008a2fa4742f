/** Withdrawals (cash-out): request with the spec's validation and balance rules, state changes. */
import { ApiError, Company, Emit, now, StateHost, Withdrawal, WithdrawalState } from "./types"
import { fieldErrors, isInt, isRecord, oneOf } from "./validation"

export const MIN_WITHDRAWAL_CENTS = 1000

const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"]

/** A withdrawal body once validated (unchecked fields keep whatever was sent). */
type WithdrawalBody = {
  amount: number
  pixKey?: string
  pixKeyType?: string
  description?: unknown
  metadata?: string | object
}

function parseWithdrawal(body: unknown): WithdrawalBody {
  if (!isRecord(body)) throw new ApiError(400, "Request body must be a JSON object")
  const { fail, check } = fieldErrors()
  if (!isInt(body.amount)) fail("amount", "amount must be an integer number of cents")
  else if (body.amount < MIN_WITHDRAWAL_CENTS) {
    fail(
      "amount",
      `amount is below the minimum withdrawal of ${MIN_WITHDRAWAL_CENTS} cents (R$ 10,00)`
    )
  }
  if (body.currency !== "BRL") fail("currency", "currency must be BRL")
  if (body.pixKeyType !== undefined && !oneOf(body.pixKeyType, PIX_KEY_TYPES)) {
    fail("pixKeyType", `pixKeyType must be one of ${PIX_KEY_TYPES.join(", ")}`)
  }
  if (body.pixKey !== undefined && (typeof body.pixKey !== "string" || !body.pixKey.trim()))
    fail("pixKey", "pixKey must be a non-empty string")
  if (
    body.metadata !== undefined &&
    typeof body.metadata !== "string" &&
    (typeof body.metadata !== "object" || body.metadata === null)
  ) {
    fail("metadata", "metadata must be a string or an object")
  }
  check()
  // Every field WithdrawalBody types was checked above.
  return body as WithdrawalBody
}

export class WithdrawalLedger {
  private nextId = 1

  constructor(
    private readonly host: StateHost,
    private readonly emit: Emit
  ) {}

  reset() {
    this.nextId = 1
  }

  /** The next id to give, so that a restored sandbox never gives one twice. */
  counters() {
    return { nextWithdrawalId: this.nextId }
  }

  restoreCounters(counters: ReturnType<WithdrawalLedger["counters"]>) {
    this.nextId = counters.nextWithdrawalId
  }

  request(company: Company, input: unknown, idempotencyKey: string): Withdrawal {
    const body = parseWithdrawal(input)
    const key = body.pixKey
      ? { pixKey: body.pixKey, pixKeyType: body.pixKeyType ?? "EVP" }
      : company.bankPixKey
    if (!key) {
      throw new ApiError(
        422,
        "No pixKey was given and the company's bank account has no PIX key registered"
      )
    }
    if (company.balance.status !== "Released") {
      throw new ApiError(
        422,
        `Balance is not released for withdrawal (status ${company.balance.status})`
      )
    }

    const createdAt = now()
    const variants = this.host.variants
    const refusedInside2xx = variants.failureInside2xx > 0
    if (refusedInside2xx) variants.failureInside2xx--
    else if (body.amount > company.balance.availableCents) {
      throw new ApiError(
        422,
        `Insufficient balance: requested ${body.amount} cents, available ${company.balance.availableCents} cents`
      )
    }

    const withdrawal: Withdrawal = {
      id: this.nextId++,
      companyId: company.companyId,
      idempotencyKey,
      amountCents: body.amount,
      pixKey: key.pixKey,
      pixKeyType: key.pixKeyType,
      creditorDocument: company.document,
      description: typeof body.description === "string" ? body.description : null,
      currency: "BRL",
      metadata:
        body.metadata === undefined
          ? null
          : typeof body.metadata === "string"
            ? body.metadata
            : JSON.stringify(body.metadata),
      state: refusedInside2xx
        ? "Failure"
        : variants.withdrawalStatuses === "field"
          ? "Pending"
          : "Awaiting",
      failureReason: refusedInside2xx ? "Chave PIX inválida ou inexistente no DICT" : null,
      endToEndId: null,
      createdAt,
      updatedAt: createdAt,
      processedAt: null,
    }
    if (!refusedInside2xx) company.balance.availableCents -= withdrawal.amountCents
    this.host.withdrawals.set(withdrawal.id, withdrawal)
    this.emit({ kind: "withdrawal", withdrawal })
    return withdrawal
  }

  get(id: number, companyId?: number): Withdrawal {
    const withdrawal = this.host.withdrawals.get(id)
    if (!withdrawal || (companyId !== undefined && withdrawal.companyId !== companyId)) {
      throw new ApiError(404, `Withdrawal ${id} not found`)
    }
    return withdrawal
  }

  private move(withdrawal: Withdrawal, to: WithdrawalState, from: WithdrawalState[]) {
    if (!from.includes(withdrawal.state)) {
      throw new ApiError(
        409,
        `Withdrawal ${withdrawal.id} is ${withdrawal.state}; cannot move it to ${to}`
      )
    }
    withdrawal.state = to
    withdrawal.updatedAt = now()
    this.emit({ kind: "withdrawal", withdrawal })
    return withdrawal
  }

  process(id: number) {
    return this.move(this.get(id), "Processing", ["Awaiting", "Pending"])
  }

  /** Completes a withdrawal; in the "field" variant it passes through Processing first. */
  complete(id: number) {
    const withdrawal = this.get(id)
    if (this.host.variants.withdrawalStatuses === "field" && withdrawal.state === "Pending")
      this.process(id)
    withdrawal.endToEndId = `E${Date.now()}${String(id).padStart(10, "0")}`
    withdrawal.processedAt = now()
    return this.move(withdrawal, "Successful", ["Awaiting", "Pending", "Processing"])
  }

  fail(id: number, reason?: string) {
    const withdrawal = this.get(id)
    if (["Awaiting", "Pending", "Processing"].includes(withdrawal.state)) {
      this.host.company(withdrawal.companyId).balance.availableCents += withdrawal.amountCents
    }
    withdrawal.failureReason = reason ?? "Falha no processamento do PIX pelo provedor"
    withdrawal.processedAt = now()
    return this.move(withdrawal, "Failure", ["Awaiting", "Pending", "Processing"])
  }

  refund(id: number) {
    const withdrawal = this.get(id)
    if (withdrawal.state === "Successful")
      this.host.company(withdrawal.companyId).balance.availableCents += withdrawal.amountCents
    return this.move(withdrawal, "Refunded", ["Successful"])
  }
}
