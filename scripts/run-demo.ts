/**
 * Starts `scripts/demo.ts` as a child on free ports (for the browser test and the benchmarks) and
 * resolves once the store answers, with what a client needs. `stop()` ends it and its children.
 */
import { ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { join, resolve } from "node:path"

const root = resolve(__dirname, "..")

export const freePort = () =>
  new Promise<number>((ok) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => ok(port))
    })
  })

export type RunningDemo = {
  base: string
  sandboxUrl: string
  publishableKey: string
  stop: () => Promise<void>
}

export async function startDemo(
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 300_000
): Promise<RunningDemo> {
  const [port, sandboxPort] = [await freePort(), await freePort()]
  const child: ChildProcess = spawn(join(root, "node_modules/.bin/tsx"), ["scripts/demo.ts"], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      DEMO_DB_NAME: `vorexy_run_${Date.now()}`,
      MEDUSA_DISABLE_TELEMETRY: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const deadline = Date.now() + timeoutMs
  while (!/demo store is running/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGINT")
      throw new Error(`the demo did not start (exit ${child.exitCode}):\n${output.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return {
    base: `http://localhost:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    publishableKey: /x-publishable-api-key: (pk_\w+)/.exec(output)![1],
    stop: async () => {
      if (!child.pid || child.exitCode !== null) return
      process.kill(-child.pid, "SIGINT")
      await new Promise((r) => child.once("exit", r))
    },
  }
}
