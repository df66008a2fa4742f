/**
 * Runs the integration suite in lanes at the same time (TEST_LANES, default 2): lane k is
 * `npm run test:integration -- --shard=k/n`, whose spec files integration-tests/setup/sequencer.mjs
 * picks. Each lane is its own jest process with its own PostgreSQL; much of a spec's time is spent
 * waiting (timeouts, retries, processes booting), so two lanes on two CPUs take little more than
 * the longer one. Each line of output is prefixed with its lane; the exit code is the first
 * failing lane's. Extra arguments go to every lane's jest.
 */
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"

const asked = process.env.TEST_LANES ?? "2"
if (!/^[1-9]\d*$/.test(asked)) {
  console.error(`TEST_LANES must be a whole number of lanes, 1 or more (got "${asked}")`)
  process.exit(2)
}
const lanes = Number(asked)
const extra = process.argv.slice(2)
const started = Date.now()
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1)

// The lanes stay in this process's group, so whatever stops the group stops them too; a signal
// sent to this process alone is passed on, and it exits once they have (their teardown stops
// their PostgreSQL).
const children = []
// What each lane printed about its failures, printed again at the end: CI shows the tail of the
// output, and the lane that finished first has its failures far above it.
const digests = new Map()
const DIGEST_LINES = 300
const AFTER_HEADING = 30
let stopping = null
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => {
    if (stopping) return
    stopping = signal
    for (const child of children) if (child.exitCode === null) child.kill(signal)
  })

function runLane(k) {
  const args = ["run", "test:integration", "--", `--shard=${k}/${lanes}`, ...extra]
  const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] })
  children.push(child)
  const prefix = lanes > 1 ? `[lane ${k}] ` : ""
  const digest = []
  digests.set(k, digest)
  let following = 0
  const keep = (line) => {
    // A failing spec's "FAIL" line, each failed test's "●" heading and the lines after it (its
    // error and stack), and jest's summary lines.
    if (/^\s*● (?!Console)/.test(line)) following = AFTER_HEADING
    else if (/^\s*(PASS |FAIL |● Console)/.test(line)) following = 0
    const wanted = following > 0 || /^\s*FAIL /.test(line) || /^(Tests|Test Suites):/.test(line)
    if (following > 0) following--
    if (wanted && digest.length < DIGEST_LINES) digest.push(line)
  }
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on("line", (line) => {
      keep(line)
      out.write(`${prefix}${line}\n`)
    })
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`${prefix}could not start: ${error.message}`)
      resolve(1)
    })
    // At "close" the lane's last lines (jest's summary of failures) have been read; "exit" can
    // come first. A process the lane left behind may hold its output open: 10 s after "exit", the
    // lane counts as ended anyway.
    let ended = false
    const end = (code, signal) => {
      if (ended) return
      ended = true
      const status = code ?? (signal ? 1 : 0)
      console.log(`== lane ${k}/${lanes} ${status === 0 ? "passed" : "FAILED"} (${minutes()} min)`)
      resolve(status)
    }
    child.once("close", end)
    child.once("exit", (code, signal) => setTimeout(() => end(code, signal), 10_000).unref())
  })
}

const codes = await Promise.all(Array.from({ length: lanes }, (_, i) => runLane(i + 1)))
const failed = codes.flatMap((code, i) => (code === 0 ? [] : [i + 1]))
for (const k of failed) {
  console.log(`== lane ${k}: what failed (its FAIL lines, failed tests and summary, again)`)
  for (const line of digests.get(k)) console.log(`[lane ${k}] ${line}`)
}
console.log(
  stopping
    ? `== integration: stopped by ${stopping}`
    : failed.length === 0
      ? `== integration: all ${lanes} lanes passed (${minutes()} min)`
      : `== integration: ${failed.map((k) => `lane ${k}`).join(" and ")} failed (see their [lane k] lines)`
)
// Exits even if a process a lane left behind still holds its output open.
process.exit(stopping ? 130 : failed.length ? codes[failed[0] - 1] : 0)
