/**
 * Shared by the gateway client specs (client-transactions, client-account): a sandbox over real
 * HTTP, reset before each test, and a client pointed at it that logs into `logs`.
 */
import { Sandbox, startSandbox } from "../../sandbox"
import {
  CreateTransactionRequest,
  VorexyClient,
  VorexyClientOptions,
  VorexyError,
} from "../../src/gateway"

/** Set by useClientSandbox()'s beforeAll; an ES module live binding, so importers see it. */
export let sandbox: Sandbox
export const logs: string[] = []

/** Starts the sandbox for the spec file, stops it after, and resets it and `logs` before each test. */
export function useClientSandbox() {
  beforeAll(async () => {
    sandbox = await startSandbox({ expirySweepMs: 0 })
  })
  afterAll(() => sandbox.stop())
  beforeEach(() => {
    sandbox.reset()
    logs.length = 0
  })
}

export const client = (options: Partial<VorexyClientOptions> = {}, companyId?: number) =>
  new VorexyClient({
    baseUrl: sandbox.url,
    ...sandbox.credentials(companyId),
    timeoutMs: 2000,
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    logger: { debug: (m) => logs.push(m), warn: (m) => logs.push(m) },
    ...options,
  })

export const pixRequest = (
  patch: Partial<CreateTransactionRequest> = {}
): CreateTransactionRequest => ({
  amount: 1999,
  currency: "BRL",
  paymentMethod: "PIX",
  installments: 1,
  customer: {
    name: "Ana Souza",
    email: "ana@example.com",
    document: { number: "52998224725", type: "CPF" },
    phone: "11987654321",
  },
  pix: { expiresInDays: 2 },
  ip: "203.0.113.7",
  ...patch,
  // One item for the amount: items must add up to it.
  items: patch.items ?? [
    { title: "Camiseta", unitPrice: patch.amount ?? 1999, quantity: 1, tangible: true },
  ],
})

/** The VorexyError the call fails with (and fails the test if it succeeds or throws anything else). */
export const failure = async (promise: Promise<unknown>): Promise<VorexyError> => {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(VorexyError)
    return error as VorexyError
  }
  throw new Error("expected the call to fail")
}
