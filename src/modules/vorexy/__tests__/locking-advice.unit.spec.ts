import { lockingAdvice } from "../loaders/locking-advice"

const redisLocking = {
  locking: {
    resolve: "@medusajs/medusa/locking",
    options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "redis" }] },
  },
}

describe("lockingAdvice", () => {
  it("stays quiet for one process (shared mode), whatever the locking", () => {
    expect(lockingAdvice({ projectConfig: {} }, {}, false)).toBeNull()
    expect(lockingAdvice({ projectConfig: { workerMode: "shared" } }, {}, false)).toBeNull()
  })

  it("warns shared processes forked by medusa start --cluster", () => {
    expect(lockingAdvice({ projectConfig: {} }, {}, true)).toContain("--cluster")
    expect(lockingAdvice({ projectConfig: {}, modules: redisLocking }, {}, true)).toBeNull()
  })

  it("warns a server or worker on in-memory locks, naming the module to add", () => {
    for (const workerMode of ["server", "worker"]) {
      const advice = lockingAdvice({ projectConfig: { workerMode } }, {})
      expect(advice).toContain(`worker mode "${workerMode}"`)
      expect(advice).toContain("@medusajs/medusa/locking-redis")
    }
    // The mode may come from the environment, as `medusa start --cluster` sets it.
    expect(lockingAdvice({}, { MEDUSA_WORKER_MODE: "server" })).toContain('"server"')
    // A locking module with only the in-memory provider is still per process.
    const inMemory = { locking: { resolve: "@medusajs/medusa/locking", options: {} } }
    expect(
      lockingAdvice({ projectConfig: { workerMode: "server" }, modules: inMemory }, {})
    ).not.toBeNull()
  })

  it("stays quiet when the locks are shared (Redis or PostgreSQL)", () => {
    const config = { projectConfig: { workerMode: "worker" }, modules: redisLocking }
    expect(lockingAdvice(config, {})).toBeNull()
    const postgres = {
      locking: { options: { providers: [{ resolve: "@medusajs/medusa/locking-postgres" }] } },
    }
    expect(
      lockingAdvice({ projectConfig: { workerMode: "server" }, modules: postgres }, {})
    ).toBeNull()
  })
})
