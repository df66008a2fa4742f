/**
 * Shared by the sandbox specs (sandbox, sandbox-webhooks): the sandbox gateway spoken to over raw
 * HTTP, no client in between.
 */
import { Sandbox, startSandbox } from "../../sandbox"

/** Set by useRawSandbox()'s beforeAll; an ES module live binding, so importers see it. */
export let sandbox: Sandbox

/** Starts the sandbox (quick webhook retries) for the spec file, and resets it before each test. */
export function useRawSandbox() {
  beforeAll(async () => {
    sandbox = await startSandbox({
      expirySweepMs: 0,
      webhooks: { baseDelayMs: 20, timeoutMs: 500 },
    })
  })
  afterAll(async () => {
    await sandbox.stop()
  })
  beforeEach(() => {
    sandbox.reset()
    sandbox.webhooks.settings = { ...sandbox.webhooks.settings, baseDelayMs: 20, timeoutMs: 500 }
  })
}

export const auth = () => {
  const { clientId, apiKey } = sandbox.credentials()
  return { "x-client-id": clientId, "x-api-key": apiKey, accept: "application/json" }
}

export async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = auth()
) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  }
}

export const createPix = (key = "tx_sandbox_0001", patch: object = {}) =>
  call(
    "POST",
    "/api/v1/transactions/create",
    {
      amount: 2500,
      currency: "BRL",
      paymentMethod: "PIX",
      customer: { name: "Ana", email: "ana@example.com" },
      ...patch,
    },
    { ...auth(), "idempotency-key": key }
  )
