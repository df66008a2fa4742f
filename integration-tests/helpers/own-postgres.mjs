// The fault suite's PostgreSQL, in a process of its own (database.mjs is plain ESM, which the
// CommonJS test files cannot load): `node own-postgres.mjs <dataDir> <port>` starts the cluster
// (made on first use), prints one JSON line once it accepts connections, and on SIGTERM stops it
// (a fast shutdown: connections cut) and exits.
import { startEmbeddedPostgres } from "../../scripts/database.mjs"

const [dataDir, port] = process.argv.slice(2)
const db = await startEmbeddedPostgres({ dataDir, port: Number(port), handleSignals: false })
process.stdout.write(`${JSON.stringify({ user: db.user, password: db.password })}\n`)
process.once("SIGTERM", () => void db.stop().finally(() => process.exit(0)))
// The test process died without stopping us (we were handed to another parent): stop too.
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) void db.stop().finally(() => process.exit(0))
}, 1_000).unref()
