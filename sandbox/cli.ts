/**
 * `npm run sandbox`: runs the sandbox gateway alone and prints its URL and credentials.
 * Env: SANDBOX_PORT (default 9010), SANDBOX_HOST (127.0.0.1), SANDBOX_WEBHOOK_URL (none).
 */
import { startSandbox } from "./server"

async function main() {
  const sandbox = await startSandbox({
    port: Number(process.env.SANDBOX_PORT ?? 9010),
    host: process.env.SANDBOX_HOST ?? "127.0.0.1",
    webhookUrl: process.env.SANDBOX_WEBHOOK_URL || null,
  })
  const lines = [
    `Vorexy sandbox gateway listening on ${sandbox.url}`,
    "",
    ...[...sandbox.state.companies.values()].flatMap((c) => [
      `Company ${c.companyId} (${c.name})`,
      `  VOREXY_BASE_URL=${sandbox.url}`,
      `  VOREXY_CLIENT_ID=${c.clientId}`,
      `  VOREXY_API_KEY=${c.apiKey}`,
      `  VOREXY_COMPANY_ID=${c.companyId}`,
      `  card public key: ${c.publicKey} (${sandbox.url}/js/vorexy-card.js)`,
      `  bank account PIX key: ${c.bankPixKey ? `${c.bankPixKey.pixKeyType} ${c.bankPixKey.pixKey}` : "none"}`,
      `  webhook URL: ${c.webhookUrl ?? 'none (POST /__sandbox/webhooks {"url": ...})'}`,
      "",
    ]),
    "Test cards: 4111 1111 1111 1111 approved; 4000 0000 0000 0002 and 0119 refused; 9995 in analysis",
    `Control: ${sandbox.url}/__sandbox/state, POST ${sandbox.url}/__sandbox/transactions/<id>/pay, ... (docs/sandbox.md)`,
    "Ctrl+C to stop.",
  ]
  console.log(lines.join("\n"))
  const stop = async () => {
    await sandbox.stop()
    process.exit(0)
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
