import { Sandbox, SandboxOptions, startSandbox } from "../../sandbox"

export const PIX_PROVIDER_ID = "pp_vorexy-pix_vorexy"

/** Options a spec file may set (medusa-config.ts reads them); the others are reset to defaults. */
const OPTION_VARS = [
  "VOREXY_ALLOW_BUILT_IN_WEBHOOK_ROUTE",
  "VOREXY_TRUST_PROXY",
  "VOREXY_WEBHOOK_RETENTION_DAYS",
  "VOREXY_MAX_INSTALLMENTS",
  "VOREXY_MIN_INSTALLMENT_CENTS",
  "VOREXY_INTEREST_FREE_INSTALLMENTS",
  "VOREXY_INSTALLMENT_INTEREST_PERCENT",
  "VOREXY_INSTALLMENT_INTEREST_TABLE",
  "VOREXY_BOLETO_GRACE_DAYS",
  "VOREXY_PUBLIC_URL",
  "VOREXY_ORDER_PAGE_URL",
  "VOREXY_RECONCILE_CALLS_PER_MINUTE",
  "VOREXY_PIX_REMINDER_MINUTES",
  "VOREXY_RENEWAL_HOURS",
  "VOREXY_MAX_RENEWALS",
  "VOREXY_RENEWALS_PER_CLIENT_PER_HOUR",
  "VOREXY_BOLETO_REMINDER_HOURS",
  "VOREXY_PIX_DISCOUNT_PERCENT",
  "VOREXY_PIX_DISCOUNT_MIN_TOTAL",
  "VOREXY_BOLETO_DISCOUNT_PERCENT",
  "VOREXY_BOLETO_DISCOUNT_MIN_TOTAL",
  "VOREXY_WITHDRAWAL_PIX_KEYS",
  "VOREXY_ALLOW_API_KEY_WITHDRAWALS",
  "VOREXY_WITHDRAWAL_DAILY_LIMIT",
  "VOREXY_WITHDRAWAL_NOTICE_EMAILS",
  // "none": the store has no notification provider for e-mail.
  "EMAIL_PROVIDER",
] as const

/** The sandboxes this spec file started (runner.ts stops them before Medusa shuts down). */
const running = new Set<Sandbox>()

/** Stops this file's sandboxes: no delivery or answer of theirs reaches a Medusa shutting down. */
export async function stopSandboxes() {
  await Promise.all(
    [...running].map(async (sandbox) => {
      await sandbox.stop()
      // Deliveries already sent end (answered or timed out) before Medusa starts shutting down.
      await sandbox.webhooks.idle(10_000)
    })
  )
}

/** The sandbox of a spec file; `sandbox` is set once its beforeAll has run. */
export type SandboxRef = { sandbox: Sandbox }

/**
 * Starts a sandbox gateway before the Medusa app boots (jest runs top-level beforeAll hooks before
 * the runner's own) and points the provider options (medusa-config.ts reads VOREXY_*) at it.
 */
export function useSandbox(
  options: SandboxOptions & {
    webhookSecret?: string
    /** Cards on (the default), with the sandbox's tokeniser; false leaves the card options unset. */
    cards?: boolean
    /** Provider options by env var for this spec file (unset ones are reset). */
    env?: Partial<Record<(typeof OPTION_VARS)[number], string>>
  } = {}
) {
  const ref = {} as SandboxRef
  beforeAll(async () => {
    const { webhookSecret, cards = true, env = {}, ...sandboxOptions } = options
    ref.sandbox = await startSandbox({ expirySweepMs: 0, ...sandboxOptions })
    running.add(ref.sandbox)
    const credentials = ref.sandbox.credentials()
    Object.assign(process.env, {
      VOREXY_BASE_URL: ref.sandbox.url,
      VOREXY_CLIENT_ID: credentials.clientId,
      VOREXY_API_KEY: credentials.apiKey,
      VOREXY_COMPANY_ID: "",
      VOREXY_TIMEOUT_MS: "3000",
      // Every spec file sets it, so one file's secret never leaks into the next (same process).
      VOREXY_WEBHOOK_SECRET: webhookSecret ?? "",
      // Tests run reconciliation themselves; a scheduled run mid-test would make request counts racy.
      VOREXY_RECONCILE_DISABLED: "true",
      // Cards on, with the sandbox's tokeniser standing in for the gateway's.
      VOREXY_CARD_PUBLIC_KEY: cards ? credentials.publicKey : "",
      VOREXY_CARD_TOKEN_SCRIPT_URL: cards ? `${ref.sandbox.url}/js/vorexy-card.js` : "",
      ...Object.fromEntries(OPTION_VARS.map((name) => [name, env[name] ?? ""])),
    })
  })
  afterAll(async () => {
    await ref.sandbox?.stop()
    running.delete(ref.sandbox)
  })
  return ref
}
