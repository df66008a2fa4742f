/**
 * The gateways "Paid under load" pays at: the sandbox in the benchmark's process (the baseline), or
 * the sandbox as its own process (`npm run sandbox`, sandbox/cli.ts), driven over its control
 * endpoints as a test harness outside the store would drive a real gateway's sandbox.
 */
import { ChildProcess, spawn } from "node:child_process"
import { resolve } from "node:path"
import type { Sandbox } from "../sandbox"
import { freePort } from "../scripts/run-demo"

/** What the store is configured with to reach a gateway (VOREXY_*). */
export type GatewayAccess = { url: string; clientId: string; apiKey: string; companyId: number }

export type PaidGateway = {
  access: GatewayAccess
  setWebhookUrl(url: string): Promise<void>
  /** Pays every transaction at once (the shoppers paying in the same instant). */
  pay(transactionIds: string[]): Promise<void>
  /** Added before every API call the store makes (the sandbox's `latencyMs` fault). */
  setLatency(ms: number): Promise<void>
  /** Starts counting the store's API calls anew; `counted` gives them by route since. */
  startCounting(): Promise<void>
  counted(): Promise<Record<string, number>>
  /** Its last webhook deliveries, for an error's message. */
  lastDeliveries(): Promise<unknown[]>
  /** Its part in the benchmark ends: the in-process sandbox's deliveries settle, a process stops. */
  done(): Promise<void>
}

const byRoute = (requests: { route: string }[]) => {
  const counts: Record<string, number> = {}
  for (const r of requests) counts[r.route] = (counts[r.route] ?? 0) + 1
  return counts
}

/** The sandbox this process runs (answering in the benchmark's own event loop). */
export function inProcessGateway(sandbox: Sandbox): PaidGateway {
  let mark = 0
  return {
    access: { url: sandbox.url, ...sandbox.credentials() },
    setWebhookUrl: async (url) => sandbox.setWebhookUrl(url),
    pay: async (ids) => {
      for (const id of ids) sandbox.state.payTransaction(id)
    },
    setLatency: async (ms) => sandbox.setFaults({ latencyMs: ms }),
    startCounting: async () => {
      mark = sandbox.requests.length
    },
    counted: async () => byRoute(sandbox.requests.slice(mark)),
    lastDeliveries: async () => sandbox.webhooks.deliveries.slice(-3),
    done: async () => {
      await sandbox.webhooks.idle(30_000)
    },
  }
}

const root = resolve(__dirname, "..")

/**
 * `node --import tsx sandbox/cli.ts` on a free port: its own process and event loop, reached over
 * HTTP by the store and by this benchmark. Its credentials are read from what it prints.
 */
export async function sandboxProcess(): Promise<PaidGateway> {
  const port = await freePort()
  const child = spawn(process.execPath, ["--import", "tsx", "sandbox/cli.ts"], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: String(port), NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const access = await printedAccess(child).catch((error) => {
    child.kill("SIGTERM")
    throw error
  })
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${access.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status}`)
    return response.json()
  }
  // As the in-process sandbox of the benchmarks (stores.ts): quick retries, a 5 s delivery timeout.
  await control("POST", "/webhooks", { baseDelayMs: 50, timeoutMs: 5000 })
  return {
    access,
    setWebhookUrl: async (url) => void (await control("POST", "/webhooks", { url })),
    pay: async (ids) => {
      await Promise.all(ids.map((id) => control("POST", `/transactions/${id}/pay`, {})))
    },
    setLatency: async (ms) => void (await control("POST", "/faults", { latencyMs: ms })),
    startCounting: async () => void (await control("DELETE", "/requests")),
    counted: async () => byRoute((await control("GET", "/requests")).items),
    lastDeliveries: async () => (await control("GET", "/webhooks/deliveries")).items.slice(-3),
    done: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      child.kill("SIGTERM")
      await exited
    },
  }
}

/** The URL and the first company's credentials, from the lines sandbox/cli.ts prints. */
function printedAccess(child: ChildProcess) {
  return new Promise<GatewayAccess>((ok, fail) => {
    let output = ""
    const timer = setTimeout(() => fail(new Error(`sandbox did not start:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk
      if (!output.includes("Ctrl+C to stop.")) return
      const value = (name: string) => new RegExp(`${name}=(\\S+)`).exec(output)?.[1] ?? ""
      clearTimeout(timer)
      child.stdout!.off("data", read)
      ok({
        url: value("VOREXY_BASE_URL"),
        clientId: value("VOREXY_CLIENT_ID"),
        apiKey: value("VOREXY_API_KEY"),
        companyId: Number(value("VOREXY_COMPANY_ID")),
      })
    }
    child.stdout!.on("data", read)
    child.stderr!.on("data", (d) => (output += d))
    child.once("exit", (code) => fail(new Error(`sandbox exited (${code}):\n${output}`)))
  })
}
