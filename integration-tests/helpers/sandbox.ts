import { Sandbox, SandboxOptions, startSandbox } from "../../sandbox"

export const PIX_PROVIDER_ID = "pp_vorexy-pix_vorexy"

/**
 * Starts a sandbox gateway before the Medusa app boots (jest runs top-level beforeAll hooks before
 * the runner's own) and points the provider options (medusa-config.ts reads VOREXY_*) at it.
 */
export function useSandbox(options: SandboxOptions = {}) {
  const ref: { sandbox: Sandbox } = {} as any
  beforeAll(async () => {
    ref.sandbox = await startSandbox({ expirySweepMs: 0, ...options })
    const credentials = ref.sandbox.credentials()
    Object.assign(process.env, {
      VOREXY_BASE_URL: ref.sandbox.url,
      VOREXY_CLIENT_ID: credentials.clientId,
      VOREXY_API_KEY: credentials.apiKey,
      VOREXY_COMPANY_ID: "",
      VOREXY_TIMEOUT_MS: "3000",
    })
  })
  afterAll(async () => {
    await ref.sandbox?.stop()
  })
  return ref
}
