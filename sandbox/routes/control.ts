/**
 * The sandbox-only control endpoints under /__sandbox: reset, inspect state and the request log,
 * set faults, variants and webhooks, drive (or forget) transactions and withdrawals, edit
 * companies, expire card tokens.
 * They trust their caller (tests, the demo): bodies are taken as sent, without validation.
 */
import type { Faults } from "../faults"
import { DEFAULT_FAULTS } from "../faults"
import type { Reply, Route } from "../http"
import type { Sandbox } from "../server"
import { Company, DEFAULT_VARIANTS, SandboxState, Variants } from "../state"
import * as views from "../views"
import type { WebhookSettings } from "../webhooks"

type Json = Record<string, unknown>

const control = (
  method: string,
  pattern: RegExp,
  name: string,
  handle: (ctx: { url: URL; params: string[]; body: Json }) => Reply
): Route => ({
  method,
  pattern,
  name: `control:${name}`,
  api: false,
  handle: ({ url, params, body }) => handle({ url, params, body: obj(body) }),
})

const obj = (body: unknown): Json => (body && typeof body === "object" ? (body as Json) : {})

const ok = (): Reply => ({ status: 200, body: { ok: true } })

function transactionAction(state: SandboxState, action: string, id: string, body: Json) {
  switch (action) {
    case "pay":
      return state.payTransaction(id, body.amountCents as number | undefined)
    case "pay-late":
      return state.payLateTransaction(id)
    case "expire":
      return state.expireTransaction(id)
    case "cancel":
      return state.cancelTransaction(id)
    case "fail":
      return state.failTransaction(id)
    case "chargeback":
      return state.chargebackTransaction(id)
    case "protest":
      return state.protestTransaction(id)
    default:
      return state.refundTransaction(id, body.amountCents as number | undefined)
  }
}

function withdrawalAction(state: SandboxState, action: string, id: number, body: Json) {
  switch (action) {
    case "process":
      return state.processWithdrawal(id)
    case "complete":
      return state.completeWithdrawal(id)
    case "fail":
      return state.failWithdrawal(id, body.reason as string | undefined)
    default:
      return state.refundWithdrawal(id)
  }
}

/** A company as /__sandbox/state shows it: everything but the API key. */
function withoutSecret(company: Company): Partial<Company> {
  const shown: Partial<Company> = { ...company }
  delete shown.apiKey
  return shown
}

/** Balance fields in cents, or in reais as the balance endpoint names them. */
function balanceUpdate(b: Json): Partial<Company["balance"]> {
  const toCents = (v: unknown) => (v === undefined ? undefined : Math.round(Number(v) * 100))
  return Object.fromEntries(
    Object.entries({
      availableCents: b.availableCents ?? toCents(b.accBalance),
      creditCents: b.creditCents ?? toCents(b.accBalanceCredit),
      creditAwaitingCents: b.creditAwaitingCents ?? toCents(b.accBalanceCreditAwaiting),
      status: b.enBalanceStatus ?? b.status,
    }).filter(([, v]) => v !== undefined)
  )
}

export function controlRoutes(sandbox: Sandbox): Route[] {
  const state = sandbox.state
  return [
    control("POST", /^\/__sandbox\/reset$/, "reset", () => (sandbox.reset(), ok())),
    control("GET", /^\/__sandbox\/state$/, "state", () => ({
      status: 200,
      body: {
        companies: [...state.companies.values()].map(withoutSecret),
        transactions: [...state.transactions.values()],
        withdrawals: [...state.withdrawals.values()],
        variants: state.variants,
        faults: sandbox.faults,
        webhooks: sandbox.webhooks.settings,
      },
    })),
    control("GET", /^\/__sandbox\/requests$/, "requests", ({ url }) => {
      const route = url.searchParams.get("route") ?? undefined
      const items = sandbox.requests.filter((r) => !route || r.route === route)
      return { status: 200, body: { count: items.length, items } }
    }),
    control("DELETE", /^\/__sandbox\/requests$/, "clearRequests", () => {
      sandbox.requests = []
      return ok()
    }),
    control("POST", /^\/__sandbox\/faults$/, "faults", ({ body }) => {
      sandbox.setFaults(body as Partial<Faults>)
      return { status: 200, body: sandbox.faults }
    }),
    control("DELETE", /^\/__sandbox\/faults$/, "clearFaults", () => {
      sandbox.faults = { ...DEFAULT_FAULTS, sequence: [] }
      return { status: 200, body: sandbox.faults }
    }),
    control("POST", /^\/__sandbox\/variants$/, "variants", ({ body }) => {
      sandbox.setVariants(body as Partial<Variants>)
      return { status: 200, body: state.variants }
    }),
    control("DELETE", /^\/__sandbox\/variants$/, "clearVariants", () => {
      state.variants = { ...DEFAULT_VARIANTS }
      return { status: 200, body: state.variants }
    }),
    control("POST", /^\/__sandbox\/webhooks$/, "webhooks", ({ body }) => {
      const { url, companyId, ...settings } = body
      if (url !== undefined)
        sandbox.setWebhookUrl(url as string | null, companyId as number | undefined)
      sandbox.webhooks.settings = {
        ...sandbox.webhooks.settings,
        ...(settings as Partial<WebhookSettings>),
      }
      return { status: 200, body: sandbox.webhooks.settings }
    }),
    control("GET", /^\/__sandbox\/webhooks\/deliveries$/, "deliveries", () => ({
      status: 200,
      body: { items: sandbox.webhooks.deliveries },
    })),
    control(
      "POST",
      /^\/__sandbox\/transactions\/([^/]+)\/(pay|pay-late|expire|cancel|fail|refund|chargeback|protest)$/,
      "transaction",
      ({ params, body }) => ({
        status: 200,
        body: views.detail(
          transactionAction(state, params[1], decodeURIComponent(params[0]), body)
        ),
      })
    ),
    // Forgets a transaction (a gateway that lost it, or another account's): it answers 404 after.
    control("DELETE", /^\/__sandbox\/transactions\/([^/]+)$/, "forgetTransaction", ({ params }) => {
      const id = decodeURIComponent(params[0])
      return state.transactions.delete(id)
        ? ok()
        : { status: 404, body: { ok: false, message: `Transaction ${id} not found` } }
    }),
    control("POST", /^\/__sandbox\/card-tokens\/expire$/, "expireCardTokens", () => ({
      status: 200,
      body: { ok: true, expired: state.cardTokens.expireAll() },
    })),
    control(
      "POST",
      /^\/__sandbox\/withdrawals\/(\d+)\/(process|complete|fail|refund)$/,
      "withdrawal",
      ({ params, body }) => ({
        status: 200,
        body: views.withdrawalDetail(withdrawalAction(state, params[1], Number(params[0]), body), {
          ...state.variants,
          withdrawalEnvelope: "flat",
        }),
      })
    ),
    control(
      "POST",
      /^\/__sandbox\/companies\/(\d+)\/bank-pix-key$/,
      "bankPixKey",
      ({ params, body }) => {
        const { pixKey, pixKeyType } = body
        state.setBankPixKey(
          Number(params[0]),
          pixKey ? { pixKey: pixKey as string, pixKeyType: (pixKeyType ?? "EVP") as string } : null
        )
        return ok()
      }
    ),
    control("POST", /^\/__sandbox\/companies\/(\d+)\/balance$/, "balance", ({ params, body }) => ({
      status: 200,
      body: state.setBalance(Number(params[0]), balanceUpdate(body)),
    })),
  ]
}
