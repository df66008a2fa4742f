/**
 * Starts `scripts/demo.ts` as a child on free ports (for the browser test, the benchmarks and the
 * demo's own process test) and resolves once the store answers, with what a client needs.
 * `stop()` sends the one SIGINT a user would, and waits for the demo to end.
 */
import { ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { resolve } from "node:path"

const root = resolve(__dirname, "..")

export const freePort = () =>
  new Promise<number>((ok) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => ok(port))
    })
  })

export type DemoProcess = {
  child: ChildProcess
  port: number
  sandboxPort: number
  storefrontPort: number
  output: () => string
}

export type RunningDemo = {
  base: string
  sandboxUrl: string
  publishableKey: string
  /** The demo storefront (scripts/storefront). */
  storefrontUrl: string
  stop: () => Promise<void>
}

/**
 * Launches the demo: `npm run demo` with `viaNpm` (as a user does), else its script directly. An
 * `undefined` in `env` removes that variable. It runs in a process group of its own, on a database
 * of its own (DEMO_DB_NAME), with the sandbox's state in memory unless `env` says otherwise.
 */
export async function launchDemo(
  env: NodeJS.ProcessEnv = {},
  { viaNpm = false, args: demoArgs = [] as string[] } = {}
): Promise<DemoProcess> {
  const [port, sandboxPort, storefrontPort] = [await freePort(), await freePort(), await freePort()]
  const [command, args] = viaNpm
    ? ["npm", ["run", "demo", "--", ...demoArgs]]
    : [process.execPath, ["--import", "tsx", "scripts/demo.ts", ...demoArgs]]
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    STOREFRONT_PORT: String(storefrontPort),
    DEMO_DB_NAME: `vorexy_run_${Date.now()}`,
    // A new database each run: a saved sandbox state would only pile up beside it.
    DEMO_SANDBOX_STATE: "memory",
    MEDUSA_DISABLE_TELEMETRY: "true",
    ...env,
  }
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key]
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  return { child, port, sandboxPort, storefrontPort, output: () => output }
}

/** Resolves with the output once the banner is printed; otherwise stops the demo and throws. */
export async function waitForBanner(demo: DemoProcess, timeoutMs = 300_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (!/demo store is running/.test(demo.output())) {
    if (Date.now() > deadline || demo.child.exitCode !== null) {
      await stopDemo(demo.child)
      throw new Error(
        `the demo did not start (exit ${demo.child.exitCode}):\n${demo.output().slice(-3000)}`
      )
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return demo.output()
}

/** One SIGINT to the demo's process, as Ctrl+C; SIGKILL to its group if it is not gone in 60s. */
export async function stopDemo(child: ChildProcess, graceMs = 60_000) {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once("exit", r))
  child.kill("SIGINT")
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL")
    } catch {
      // Already gone.
    }
  }, graceMs)
  await exited
  clearTimeout(timer)
}

export async function startDemo(
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 300_000
): Promise<RunningDemo> {
  const demo = await launchDemo(env)
  const output = await waitForBanner(demo, timeoutMs)
  return {
    base: `http://localhost:${demo.port}`,
    sandboxUrl: `http://127.0.0.1:${demo.sandboxPort}`,
    publishableKey: /x-publishable-api-key: (pk_\w+)/.exec(output)![1],
    storefrontUrl: `http://localhost:${demo.storefrontPort}`,
    stop: () => stopDemo(demo.child),
  }
}
