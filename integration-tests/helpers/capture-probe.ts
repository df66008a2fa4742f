/**
 * What the capture specs watch from outside the plugin's code: the events Medusa's event bus
 * publishes, and the SQL queries one piece of work makes (scoped by AsyncLocalStorage, so nothing
 * else the process does meanwhile is counted).
 */
import { AsyncLocalStorage } from "node:async_hooks"
import type { EventEmitter } from "node:events"
import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** Resolves once `read()` has not changed for `quietMs` (work that ends with no signal of its own). */
export async function quiet<T>(read: () => T, quietMs = 750, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let last = read()
  let since = Date.now()
  while (Date.now() - since < quietMs) {
    if (Date.now() > deadline) throw new Error(`still changing after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
    const now = read()
    if (JSON.stringify(now) !== JSON.stringify(last)) {
      last = now
      since = Date.now()
    }
  }
  return last
}

export type PublishedEvent = { name: string; data: unknown }

/**
 * Every event the event bus publishes from now on (a wildcard subscriber, as Medusa's local event
 * bus offers one), in the order published.
 */
export function recordEvents(container: MedusaContainer) {
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  const events: PublishedEvent[] = []
  const recorder = async (event: { name: string; data: unknown }) => {
    events.push({ name: event.name, data: event.data })
  }
  const context = { subscriberId: "capture-probe-recorder" }
  eventBus.subscribe("*", recorder, context)
  return {
    events,
    clear: () => void events.splice(0),
    stop: () => void eventBus.unsubscribe("*", recorder, context),
  }
}

type PgClient = { prototype: { query: (...args: unknown[]) => unknown } }

/** Every copy of `pg` Medusa's database layers may load (knex's and MikroORM's). */
function pgClients(): PgClient[] {
  const paths = new Set<string>()
  for (const from of [__dirname, require.resolve("@mikro-orm/postgresql")]) {
    try {
      paths.add(require.resolve("pg", { paths: [from] }))
    } catch {
      // not installed there: the other copy serves it
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return [...paths].map((path) => require(path).Client as PgClient)
}

/**
 * Counts the SQL queries sent to PostgreSQL inside `counting(...)`'s async context: whatever
 * that work awaits, and what it starts (a subscriber of an event it emits, a promise it leaves
 * running) is counted; the test's own reads and any other work of the process are not.
 */
export function queryCounter() {
  const scope = new AsyncLocalStorage<string[]>()
  const restore: (() => void)[] = []
  for (const Client of pgClients()) {
    const original = Client.prototype.query
    Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const sql = scope.getStore()
      if (sql) {
        const config = args[0] as string | { text?: string }
        sql.push(typeof config === "string" ? config : (config?.text ?? String(config)))
      }
      return original.apply(this, args)
    }
    restore.push(() => (Client.prototype.query = original))
  }
  const counting = <T>(into: string[], work: () => T) => scope.run(into, work)
  return {
    /** Runs `work` with its queries (and those of what it starts) pushed to `into`. */
    counting,
    /**
     * Until `restore()`: the subscribers of `event` run in the counted context, their queries
     * pushed to `into`. (Medusa's local event bus calls them through its Node EventEmitter.)
     */
    countListeners(container: MedusaContainer, event: string, into: string[]) {
      const emitter = (
        container.resolve(Modules.EVENT_BUS) as unknown as { eventEmitter_: EventEmitter }
      ).eventEmitter_
      const originals = emitter.listeners(event) as ((data: unknown) => unknown)[]
      const handle = { calls: 0, restore: () => {} }
      const wrapped = originals.map((listener) => (data: unknown) => {
        handle.calls++
        return counting(into, () => listener(data))
      })
      originals.forEach((listener, i) => {
        emitter.off(event, listener)
        emitter.on(event, wrapped[i])
      })
      handle.restore = () =>
        originals.forEach((listener, i) => {
          emitter.off(event, wrapped[i])
          emitter.on(event, listener)
        })
      return handle
    },
    restore: () => restore.forEach((undo) => undo()),
  }
}
