/**
 * The fuzz spec's requests: junk for every plugin route (and Medusa's built-in webhook route), the
 * known-bad cases first, and what an answer must look like.
 */
import {
  deepJson,
  junkObject,
  junkText,
  junkUrlText,
  junkValue,
  Rng,
  toJsonText,
  urlEncode,
} from "./fuzz-random"

export type FuzzContext = {
  admin: string
  publishableKey: string
  token: string
  orderId: string
  sessionId: string
  transactionId: string
  chargeId: string
  /** An open cart's payment collection, for junk payment sessions. */
  paymentCollectionId: string
  /** A real QR image file name (<charge id>.<signature>.png). */
  qrFile: string
}

export type Target =
  | "hook"
  | "hook-untrusted"
  | "hook-builtin"
  | "balance"
  | "transactions"
  | "withdrawals"
  | "withdrawal"
  | "withdraw"
  | "charges"
  | "sync"
  | "payment-status"
  | "health"
  | "setup"
  | "webhook-token"
  | "self-test"
  | "qr"
  | "config"
  | "session"
  | "renew"

export type FuzzRequest = {
  target: Target
  method: "GET" | "POST"
  path: string
  contentType?: string
  eventId?: string
  body?: Buffer
}

/** The key a 2xx answer of each route has (the built-in webhook route answers "OK"). */
export const SUCCESS_KEY: Record<Target, string | null> = {
  hook: "ok",
  "hook-untrusted": "ok",
  "hook-builtin": null,
  balance: "balance",
  transactions: "transactions",
  withdrawals: "withdrawals",
  withdrawal: "withdrawal",
  withdraw: "withdrawal",
  charges: "charges",
  sync: "charge",
  "payment-status": "payment_status",
  health: "health",
  setup: "setup",
  "webhook-token": "token",
  "self-test": "self_test",
  qr: null,
  config: "vorexy",
  session: "payment_collection",
  renew: "payment_status",
}

const WEIGHTS: Array<[Target, number]> = [
  ["hook", 24],
  ["hook-untrusted", 5],
  ["hook-builtin", 6],
  ["balance", 4],
  ["transactions", 6],
  ["withdrawals", 6],
  ["withdrawal", 6],
  ["withdraw", 18],
  ["charges", 7],
  ["sync", 6],
  ["payment-status", 12],
  ["health", 3],
  ["setup", 2],
  ["webhook-token", 2],
  ["self-test", 1],
  ["qr", 4],
  ["config", 4],
  ["session", 10],
  ["renew", 6],
]

const CONTENT_TYPES = [
  ...["application/json", "text/plain", "application/x-www-form-urlencoded", undefined],
  ...["application/json; charset=latin1", "application/json; charset=utf-16", "APPLICATION/JSON"],
  ...["multipart/form-data; boundary=x", "application/octet-stream", "application/xml", "*/*"],
]

/** body-parser's limits: the webhook route's sizeLimit (middlewares.ts) and Medusa's default. */
const HOOK_LIMIT = 256 * 1024
const DEFAULT_LIMIT = 100 * 1024

/** JSON text padded with a long string field to about `bytes`, to probe the size limits. */
function padTo(text: string, bytes: number): string {
  const room = Math.max(0, bytes - Buffer.byteLength(text) - 12)
  const pad = `"pad":"${"x".repeat(room)}"`
  return text.startsWith("{")
    ? `{${pad}${text === "{}" ? "" : ","}${text.slice(1)}`
    : `[${text},{${pad}}]`
}

/** A body's text: mostly JSON of `value`, sometimes deep, broken, huge, or not JSON at all. */
function bodyText(r: Rng, value: unknown, limit: number): string {
  const mode = r.int(0, 19)
  if (mode === 0) return deepJson(r.pick([31, 33, 200, 5000, 60_000]), r.chance(0.5))
  if (mode === 1) return toJsonText(value).slice(0, r.int(0, 40))
  if (mode === 2) return r.pick(["", " ", "null", "0", '"\\ud800"', "[]", "{", "a=1&b[c]=%00"])
  if (mode === 3) return padTo(toJsonText(value), limit + r.pick([-200, -1, 1, 300, 4096]))
  return toJsonText(value)
}

function bodyBytes(r: Rng, text: string): Buffer {
  const bytes = Buffer.from(text, "utf8")
  if (!r.chance(0.05) || !bytes.length) return bytes
  // Raw bytes that are not UTF-8 (an encoded lone surrogate, an overlong NUL, a stray 0xFF).
  const at = r.int(0, bytes.length)
  return Buffer.concat([
    bytes.subarray(0, at),
    Buffer.from(r.pick(["eda080", "c080", "ff"]), "hex"),
    bytes.subarray(at),
  ])
}

function webhookEvent(r: Rng, ctx: FuzzContext): unknown {
  const event = r.chance(0.3) ? junkObject(r) : {}
  const id = r.pick([
    ctx.transactionId,
    `fz-${r.int(1, 50)}`,
    r.int(1, 99),
    junkText(r),
    junkValue(r),
  ])
  const key = r.pick(["transactionId", "withdrawId", "withdrawalId", "id"])
  Object.assign(event, { [key]: id, status: r.chance(0.7) ? junkText(r) || "paid" : junkValue(r) })
  if (key === "id") Object.assign(event, { type: r.pick(["cashin", "cashout", junkText(r)]) })
  if (r.chance(0.4)) Object.assign(event, { note: junkText(r), extra: junkValue(r) })
  return r.chance(0.15) ? { event: "transaction.paid", data: event } : event
}

function webhookBody(r: Rng, ctx: FuzzContext): unknown {
  if (r.chance(0.15)) return junkValue(r)
  if (r.chance(0.15))
    return Array.from({ length: r.pick([0, 1, 3, 100, 101]) }, () => webhookEvent(r, ctx))
  return webhookEvent(r, ctx)
}

function withdrawalBody(r: Rng): unknown {
  if (r.chance(0.3)) return junkValue(r)
  const body: Record<string, unknown> = {
    amount_reais: "12,34",
    pix_key: "(11) 98765-4321",
    pix_key_type: "PHONE",
    description: "Saque",
    metadata: { note: "semanal" },
    request_id: `fuzz-${r.int(1e6, 9e6)}`,
  }
  for (let i = r.int(1, 3); i > 0; i--) {
    const key = r.pick([...Object.keys(body), "amount", "extra", "__proto__", "toString"])
    Object.defineProperty(body, key, {
      value: r.chance(0.2) ? junkObject(r) : junkValue(r),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return body
}

const QUERY_KEYS = [
  ...["order_id", "payment_session_id", "page", "page_size", "sort", "limit", "offset", "wait"],
  ...["timeout_ms", "last_status", "fields", "order", "a.b", "a.b.c", "x[y]", "order_id[]"],
  ...["last_captured", "amount_cents"],
  ...["order_id[a]", "__proto__", "constructor", "toString", "token", "%00", "%ED%A0%80", ""],
]

function query(r: Rng, ctx: FuzzContext, target: Target): string {
  const pairs = Array.from({ length: r.int(0, 4) }, () => {
    const key = r.chance(0.8) ? r.pick(QUERY_KEYS) : junkUrlText(r)
    const value = r.pick([
      junkUrlText(r),
      ctx.orderId,
      ctx.sessionId,
      r.pick(["1", "0", "-1", "1e309", "NaN", "-0", "100", "101", "createdAt_asc", "paid"]),
    ])
    return r.chance(0.1) ? key : `${key}=${value}`
  })
  if (target === "payment-status") {
    // Often a real id, so junk reaches the lookup; and the long-poll held short (25 s otherwise).
    if (r.chance(0.4))
      pairs.unshift(r.pick([`order_id=${ctx.orderId}`, `payment_session_id=${ctx.sessionId}`]))
    pairs.push("timeout_ms=500")
  }
  return pairs.length ? `?${pairs.join("&")}` : ""
}

/** A route param: junk, or a real id; never a dot segment, which the URL parser would resolve. */
function param(r: Rng, real: string): string {
  const text = r.chance(0.15) ? real : junkUrlText(r)
  return /^(\.|%2e)*$/i.test(text) ? `x${text}` : text
}

/** One random request. */
export function fuzzRequest(r: Rng, ctx: FuzzContext): FuzzRequest {
  let roll = r.int(
    1,
    WEIGHTS.reduce((sum, [, w]) => sum + w, 0)
  )
  const target = WEIGHTS.find(([, w]) => (roll -= w) <= 0)![0]
  const q = query(r, ctx, target)
  const post = (path: string, value: unknown, limit = DEFAULT_LIMIT): FuzzRequest => ({
    target,
    method: "POST",
    path,
    contentType: r.chance(0.7) ? "application/json" : r.pick(CONTENT_TYPES),
    eventId: r.chance(0.2)
      ? r.pick(["evt_1", `evt_${r.int(1, 9)}`, "bad id!", "x".repeat(200)])
      : undefined,
    body: bodyBytes(r, bodyText(r, value, limit)),
  })
  const get = (path: string): FuzzRequest => ({ target, method: "GET", path: path + q })
  switch (target) {
    case "hook":
      return post(
        `/hooks/vorexy?token=${urlEncode(ctx.token)}${q.replace("?", "&")}`,
        webhookBody(r, ctx),
        HOOK_LIMIT
      )
    case "hook-untrusted":
      return post(
        `/hooks/vorexy${r.chance(0.5) ? q : `?token=${junkUrlText(r)}`}`,
        webhookBody(r, ctx),
        HOOK_LIMIT
      )
    case "hook-builtin":
      return post("/hooks/payment/vorexy-pix_vorexy", webhookBody(r, ctx))
    case "withdraw":
      return post(`/admin/vorexy/withdrawals${q}`, withdrawalBody(r))
    case "sync":
      return post(`/admin/vorexy/charges/${param(r, ctx.chargeId)}/sync${q}`, junkValue(r))
    case "withdrawal":
      return get(`/admin/vorexy/withdrawals/${param(r, "vxwd_1")}`)
    case "payment-status":
      return get("/store/vorexy/payment-status")
    case "setup":
      return get("/admin/vorexy/setup")
    case "webhook-token":
      return post(`/admin/vorexy/setup/webhook-token${q}`, junkValue(r))
    case "self-test":
      return post(`/admin/vorexy/webhook-self-test${q}`, junkValue(r))
    case "qr":
      return get(
        `/vorexy/qr/${r.chance(0.3) ? ctx.qrFile.replace(/.$/, junkUrlText(r)) : param(r, ctx.qrFile)}`
      )
    case "config":
      return get("/store/vorexy/config")
    case "renew":
      return post(`/store/vorexy/orders/${param(r, ctx.orderId)}/renew-charge${q}`, junkValue(r))
    case "session":
      // Medusa's own route (the plugin adds middlewares): junk only where the plugin reads, the
      // session's data, in a body that stays a Vorexy one; Medusa's own handling of other junk
      // (`?a.b.c=`, another provider's session) is not the plugin's. Mostly a collection of its
      // own (unknown: answered 404 by the plugin's checks), since Medusa's route fails concurrent
      // sessions on one collection with a 500 of its own.
      return {
        target,
        method: "POST",
        contentType: "application/json",
        path: `/store/payment-collections/${r.chance(0.05) ? ctx.paymentCollectionId : `pay_col_fuzz${r.int(1, 1e9)}`}/payment-sessions`,
        body: Buffer.from(
          toJsonText({
            provider_id: r.pick([
              "pp_vorexy-pix_vorexy",
              "pp_vorexy-boleto_vorexy",
              "pp_vorexy-card_vorexy",
            ]),
            data: r.chance(0.7) ? junkObject(r) : junkValue(r),
          })
        ),
      }
    default:
      return get(`/admin/vorexy/${target}`)
  }
}

/** The 5xx found by hand before the fix, replayed first on every run. */
export function knownCases(ctx: FuzzContext): FuzzRequest[] {
  const hook = `/hooks/vorexy?token=${urlEncode(ctx.token)}`
  const json = (target: Target, path: string, text: string, contentType = "application/json") => ({
    target,
    method: "POST" as const,
    path,
    contentType,
    body: Buffer.from(text),
  })
  const tx = JSON.stringify(ctx.transactionId)
  return [
    json("hook", hook, `{"transactionId":${tx},"note":"a\\u0000b"}`),
    json("hook", hook, `{"transactionId":${tx},"note":"\\ud800","k\\udc00":1}`),
    json("hook", hook, `{"transactionId":${tx},"status":"pa\\u0000id"}`),
    json("hook", hook, `{"transactionId":${tx},"note":"\\u0000"}`, "text/plain"),
    json("hook", hook, `{"transactionId":${tx},"x":${deepJson(5000, false)}}`),
    json("hook", hook, `{"transactionId":${tx},"x":${deepJson(120_000, false)}}`),
    json("hook-builtin", "/hooks/payment/vorexy-pix_vorexy%ED%A0%80", "{}"),
    // Express matches routes ignoring case: so must the bad-URL check.
    { target: "qr", method: "GET", path: "/VOREXY/qr/%C0" },
    { target: "qr", method: "GET", path: "/Vorexy/Qr/%ED%A0%80.png" },
    json("sync", "/ADMIN/VOREXY/charges/%C0/sync", "{}"),
    json("withdraw", "/admin/vorexy/withdrawals", '{"amount":1000,"description":"a\\u0000"}'),
    json("withdraw", "/admin/vorexy/withdrawals", '{"amount":1000,"metadata":{"a":"\\ud800"}}'),
    json(
      "withdraw",
      "/admin/vorexy/withdrawals",
      `{"amount":1000,"metadata":${deepJson(5000, false)}}`
    ),
    json("withdraw", "/admin/vorexy/withdrawals", '{"amount":{"toString":1}}'),
    json("withdraw", "/admin/vorexy/withdrawals", '{"amount_reais":"a,b"}'),
    json("sync", "/admin/vorexy/charges/%00/sync", "{}"),
    json("sync", "/admin/vorexy/charges/%ED%A0%80/sync", "{}"),
    ...[
      "/admin/vorexy/withdrawals/%00",
      "/admin/vorexy/withdrawals/%ED%A0%80",
      "/admin/vorexy/withdrawals/%C0",
    ].map((path) => ({ target: "withdrawal" as const, method: "GET" as const, path })),
    { target: "charges", method: "GET", path: "/admin/vorexy/charges?order_id=%00" },
    { target: "charges", method: "GET", path: "/admin/vorexy/charges?order_id=a&x.y.z=1" },
    { target: "withdrawals", method: "GET", path: "/admin/vorexy/withdrawals?a.b.c=1" },
    { target: "transactions", method: "GET", path: "/admin/vorexy/transactions?a.b.c=1" },
    {
      target: "payment-status",
      method: "GET",
      path: `/store/vorexy/payment-status?order_id=${ctx.orderId}&a.b.c=1`,
    },
  ]
}

/** What is wrong with an answer, or null: a 5xx, a body that is not JSON, no message on a 4xx. */
export function answerProblem(request: FuzzRequest, status: number, text: string): string | null {
  if (status >= 500) return `${status}`
  if (request.target === "hook-builtin" && status === 200) return text === "OK" ? null : "not OK"
  if (request.target === "qr" && status === 200)
    return text.startsWith("\ufffdPNG") ? null : "not a PNG"
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${status} not JSON`
  }
  const record = (body ?? {}) as Record<string, unknown>
  if (status >= 400)
    return typeof record.message === "string" && record.message ? null : `${status} no message`
  const key = SUCCESS_KEY[request.target]
  return key && key in record ? null : `${status} without ${key}`
}
