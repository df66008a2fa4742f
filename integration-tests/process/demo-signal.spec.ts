/**
 * `npm run demo` stops everything it started on ONE SIGINT sent to npm's own process, as Ctrl+C
 * does in a terminal: medusa develop and its server, the sandbox, the embedded PostgreSQL. Its
 * banner shows the webhook URL and secret it configured.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DemoProcess, freePort, launchDemo, waitForBanner } from "../../scripts/run-demo"
import {
  acceptsConnections,
  eventually,
  OWN_POSTGRES,
  Proc,
  processTree,
  running,
} from "./processes"

jest.setTimeout(600_000)

const secret = `demo-signal-secret-${Date.now()}`
const home = mkdtempSync(join(tmpdir(), "vorexy-demo-signal-"))
// When run as root, PostgreSQL runs as the postgres user, who must be able to enter it.
chmodSync(home, 0o755)
const pgData = join(home, "pg")

let demo: DemoProcess
let pgPort: number
let started: Proc[] = []

beforeAll(async () => {
  pgPort = await freePort()
  demo = await launchDemo(
    {
      ...OWN_POSTGRES,
      DEMO_PG_DATA: pgData,
      DEMO_PG_PORT: String(pgPort),
      DEMO_DB_NAME: "vorexy_demo_signal",
      VOREXY_WEBHOOK_SECRET: secret,
      VOREXY_RECONCILE_DISABLED: "true",
    },
    { viaNpm: true }
  )
})

afterAll(() => {
  // Whatever a failed run left behind, so that it does not outlive the test.
  for (const proc of started) if (running(proc.pid)) process.kill(proc.pid, "SIGKILL")
  rmSync(home, { recursive: true, force: true })
})

it("prints the webhook URL and secret, and stops everything on one SIGINT to npm", async () => {
  const banner = await waitForBanner(demo, 420_000)
  expect(banner).toContain(`http://localhost:${demo.port}/hooks/vorexy?token=${secret}`)
  expect(banner).toMatch(new RegExp(`Webhook secret: +${secret}`))

  started = processTree(demo.child.pid!)
  const commands = started.map((p) => p.cmd)
  expect(commands).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/scripts\/demo\.ts/),
      expect.stringMatching(/medusa develop/),
      expect.stringMatching(/cli\.js start/),
      expect.stringMatching(/bin\/postgres -D/),
    ])
  )
  for (const port of [demo.port, demo.sandboxPort, pgPort])
    expect(await acceptsConnections(port)).toBe(true)

  process.kill(demo.child.pid!, "SIGINT")

  const ended = await eventually(() => started.every((p) => !running(p.pid)), 90_000)
  const left = started.filter((p) => running(p.pid)).map((p) => `${p.pid} ${p.cmd}`)
  expect({ ended, left }).toEqual({ ended: true, left: [] })
  for (const port of [demo.port, demo.sandboxPort, pgPort])
    expect(await acceptsConnections(port)).toBe(false)
  // A clean shutdown removes the lock file; a killed server leaves it.
  expect(existsSync(join(pgData, "postmaster.pid"))).toBe(false)
  expect(demo.output()).toContain("Stopping the demo...")
})
