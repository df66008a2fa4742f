/**
 * For sandbox-methods.spec: BOLETO and CREDIT_CARD requests to the sandbox over raw HTTP, a PDF
 * structure check, and a bare webhook receiver.
 */
import { createServer, Server } from "node:http"
import type { AddressInfo } from "node:net"
import { runInNewContext } from "node:vm"
import { auth, call, sandbox } from "./sandbox-http"

export const ADDRESS = {
  street: "Rua Augusta",
  streetNumber: "1500",
  complement: "ap 12",
  zipCode: "01304001",
  neighborhood: "Consolação",
  city: "São Paulo",
  state: "SP",
  country: "br",
}

/** R$ 94,90: two items and shipping that add up. */
export const ORDER = {
  amount: 9490,
  currency: "BRL",
  customer: {
    name: "Ana Souza",
    email: "ana@example.com",
    document: { number: "52998224725", type: "CPF" },
    address: ADDRESS,
  },
  items: [
    { title: "Camiseta", unitPrice: 3995, quantity: 2, tangible: true },
    { title: "Adesivo", unitPrice: 500, quantity: 1, tangible: true },
  ],
  shipping: { fee: 1000, address: ADDRESS },
}

export const CARDS = {
  approved: "4111 1111 1111 1111",
  refused: "4000 0000 0000 0002",
  refusedExpired: "4000 0000 0000 0119",
  analysis: "4000 0000 0000 9995",
}

export const create = (key: string, body: object) =>
  call("POST", "/api/v1/transactions/create", body, { ...auth(), "idempotency-key": key })

export const createBoleto = (key: string, patch: object = {}) =>
  create(key, { ...ORDER, paymentMethod: "BOLETO", boleto: { expiresInDays: 5 }, ...patch })

/** POST /api/v1/card-tokens as a browser would: no credentials, an Origin header. */
export const tokenise = (patch: object = {}) =>
  call(
    "POST",
    "/api/v1/card-tokens",
    {
      publicKey: sandbox.credentials().publicKey,
      number: CARDS.approved,
      holderName: "ANA SOUZA",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvv: "123",
      ...patch,
    },
    { accept: "application/json", origin: "http://shop.example" }
  )

/** A card charge paid with a fresh token of `number` (3 installments). */
export async function createCard(key: string, number: string, patch: object = {}) {
  const token = await tokenise({ number })
  expect(token.status).toBe(201)
  const card = { hash: token.body.token }
  return create(key, { ...ORDER, paymentMethod: "CREDIT_CARD", installments: 3, card, ...patch })
}

export const detail = async (id: string) =>
  (await call("GET", `/api/Transaction/transactionByTransactionId/${id}`)).body

export const listItem = async (id: string) =>
  (await call("GET", "/api/Transaction/company/transactions")).body.res.items.find(
    (i: { providerTxId: string }) => i.providerTxId === sandbox.state.transaction(id).providerTxId
  )

export const control = (id: string, action: string) =>
  call("POST", `/__sandbox/transactions/${id}/${action}`, {}, {})

/**
 * A PDF's structure: header, the xref table's offsets (each must point at "<n> 0 obj"),
 * startxref pointing at "xref", and the raw text (the sandbox's content stream is uncompressed).
 */
export function readPdf(pdf: Buffer) {
  const text = pdf.toString("latin1")
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1])
  const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [nf] \n)+)/.exec(text.slice(startxref))
  const entries = (table?.[2].match(/.{20}/gs) ?? []).map((e) => [Number(e.slice(0, 10)), e[17]])
  const offsetsOk = entries.every(
    ([offset, type], n) => type === "f" || text.startsWith(`${n} 0 obj`, offset as number)
  )
  return {
    header: text.slice(0, 8),
    objects: Number(table?.[1]),
    entries: entries.length,
    offsetsOk,
    text,
  }
}

/** GET a PDF without credentials: its status, content-type and structure. */
export async function fetchPdf(url: string) {
  const response = await fetch(url)
  const pdf = readPdf(Buffer.from(await response.arrayBuffer()))
  return { status: response.status, contentType: response.headers.get("content-type"), ...pdf }
}

export type VorexyCardApi = {
  setPublicKey(pk: string): void
  encrypt(card: object): Promise<string>
}

/** Runs the served script as a storefront page would load it from `src`; returns its API. */
export function runCardScript(source: string, src: string): VorexyCardApi {
  const page = {
    window: { location: { href: "http://shop.example/checkout" } } as Record<string, unknown>,
    document: { currentScript: { src } },
    fetch,
    URL,
  }
  runInNewContext(source, page)
  return page.window.VorexyCard as VorexyCardApi
}

/** A bare webhook receiver: every body it gets, and a wait for one with a given status. */
export function useReceiver() {
  const receiver = {
    url: "",
    bodies: [] as Record<string, unknown>[],
    server: null as Server | null,
  }
  beforeAll(async () => {
    receiver.server = createServer((req, res) => {
      let text = ""
      req.on("data", (chunk) => (text += chunk))
      req.on("end", () => {
        receiver.bodies.push(JSON.parse(text))
        res.writeHead(200).end()
      })
    })
    await new Promise<void>((r) => receiver.server?.listen(0, "127.0.0.1", r))
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks`
  })
  afterAll(() => new Promise((r) => receiver.server?.close(r)))
  beforeEach(() => {
    receiver.bodies = []
  })
  afterEach(() => sandbox.webhooks.idle())
  return {
    listen: () => sandbox.setWebhookUrl(receiver.url),
    /** Webhook statuses received for a transaction, once `count` have arrived. */
    statuses: async (transactionId: string, count: number) => {
      const of = () => receiver.bodies.filter((b) => b.transactionId === transactionId)
      const deadline = Date.now() + 5000
      while (of().length < count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10))
      return of().map((b) => b.status)
    },
    bodies: () => receiver.bodies,
  }
}
