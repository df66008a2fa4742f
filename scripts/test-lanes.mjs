/**
 * Runs the integration suite in lanes at the same time (TEST_LANES, default 2): lane k is
 * `npm run test:integration -- --shard=k/n`, whose spec files integration-tests/setup/sequencer.js
 * picks. Each lane is its own jest process with its own PostgreSQL; much of a spec's time is spent
 * waiting (timeouts, retries, processes booting), so two lanes on two CPUs take little more than
 * the longer one. Each line of output is prefixed with its lane; the exit code is the first
 * failing lane's. Extra arguments go to every lane's jest.
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"

const lanes = Math.max(1, Number(process.env.TEST_LANES || 2))
const extra = process.argv.slice(2)
const started = Date.now()
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1)

const children = []
const stopAll = (signal) => {
  for (const child of children) {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    stopAll(signal)
    process.exit(130)
  })

function runLane(k) {
  const args = ["run", "test:integration", "--", `--shard=${k}/${lanes}`, ...extra]
  const child = spawn("npm", args, { detached: true, stdio: ["ignore", "pipe", "pipe"] })
  children.push(child)
  const prefix = lanes > 1 ? `[lane ${k}] ` : ""
  for (const stream of [child.stdout, child.stderr]) {
    const out = stream === child.stdout ? process.stdout : process.stderr
    createInterface({ input: stream }).on("line", (line) => out.write(`${prefix}${line}\n`))
  }
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`${prefix}could not start: ${error.message}`)
      resolve(1)
    })
    child.once("exit", (code, signal) => {
      const status = code ?? (signal ? 1 : 0)
      console.log(`== lane ${k}/${lanes} ${status === 0 ? "passed" : "FAILED"} (${minutes()} min)`)
      resolve(status)
    })
  })
}

const codes = await Promise.all(Array.from({ length: lanes }, (_, i) => runLane(i + 1)))
const failed = codes.findIndex((code) => code !== 0)
console.log(
  failed < 0
    ? `== integration: all ${lanes} lanes passed (${minutes()} min)`
    : `== integration: lane ${failed + 1} failed (see its [lane ${failed + 1}] lines)`
)
process.exit(failed < 0 ? 0 : codes[failed])
