/**
 * The live run's sandbox gateway (volume-sandbox.ts) as a process of its own, driven over its IPC
 * channel: what the benchmark asks of it (seed, pay, counts) never shares the store's HTTP path.
 */
import { fork } from "node:child_process"
import { resolve } from "node:path"
import type { Sandbox } from "../sandbox"

type Credentials = ReturnType<Sandbox["credentials"]>

export type GatewayRequests = {
  byRoute: Record<string, number>
  byStatus: Record<string, number>
  retries: { route: string; afterMs: number | null }[]
  lost: number
}

export async function startGatewayProcess() {
  const child = fork(resolve(__dirname, "volume-sandbox.ts"), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, NODE_OPTIONS: "" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  })
  let next = 0
  const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>()
  child.on("message", (m: { id: number; result?: unknown; error?: string }) => {
    const w = waiting.get(m.id)
    waiting.delete(m.id)
    if (m.error !== undefined) w?.fail(new Error(`gateway process: ${m.error}`))
    else w?.ok(m.result)
  })
  child.on("exit", (code) => {
    for (const w of waiting.values()) w.fail(new Error(`gateway process exited (${code})`))
    waiting.clear()
  })
  const call = <T>(cmd: string, ...args: unknown[]) =>
    new Promise<T>((ok, fail) => {
      const id = ++next
      waiting.set(id, { ok: ok as (v: unknown) => void, fail })
      child.send({ id, cmd, args })
    })
  const { url, credentials } = await call<{ url: string; credentials: Credentials }>("start")
  return {
    url,
    pid: child.pid!,
    /** What storeEnv reads of a sandbox: its URL and credentials. */
    asSandbox: { url, credentials: () => credentials } as unknown as Sandbox,
    seed: (databaseUrl: string) => call<number>("seed", databaseUrl),
    webhookUrl: (to: string) => call("webhookUrl", to),
    webhooks: (settings: Record<string, unknown>) => call("webhooks", settings),
    rateLimits: (everyMs: number, count: number) => call("rateLimits", everyMs, count),
    pay: (transactionId: string, lose = false) =>
      call<{ lost: boolean; at: number }>("pay", transactionId, lose),
    age: (transactionId: string, slotId: string) =>
      call<{ createdAt: string; expiresAt: string | null }>("age", transactionId, slotId),
    requests: (since: number) => call<GatewayRequests>("requests", since),
    memory: () => call<number>("memory"),
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once("exit", r))
      await call("stop").catch(() => undefined)
      await exited
    },
  }
}

export type GatewayProcess = Awaited<ReturnType<typeof startGatewayProcess>>
