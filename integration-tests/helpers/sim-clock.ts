/**
 * Simulated time for one test process: days pass in seconds. The global `Date` is replaced by a
 * Proxy whose `now()` and argument-less constructor add a mutable offset, so Medusa (DML's
 * `created_at`, workflows), the plugin and the in-process sandbox (createdAt, PIX expirationDate,
 * boleto due dates) all read the same simulated clock. Timers (setTimeout, setInterval) keep real
 * time: webhook retries and HTTP timeouts stay short. `uninstall()` puts the real Date back.
 *
 * A Proxy rather than a subclass: `Date()` called without `new` keeps working, and a date made
 * before the install (or by code holding the real Date) is still `instanceof Date`.
 *
 * The database's clock is the other clock the plugin reads: `service.databaseNow()` (a charge's
 * `last_synced_at`, a sync's `fetched_at`) and SQL `now()` defaults (a webhook event's
 * `created_at`). `attachDatabase` makes those two follow the simulation: databaseNow answers the
 * simulated time, and the webhook event's `created_at` default becomes `sim_now()`, a function
 * reading the offset from a one-row table in the test's own database. What still reads the
 * database's real clock (and why that is harmless here): the health marks' `last_at` (shown in
 * the admin; the reconcile job only drops refused-delivery counters older than two days by it),
 * the webhook counts of the admin's health card, and the retention of webhook bodies.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import VorexyModuleService from "../../src/modules/vorexy/service"

export type SimClock = {
  /** The simulated time, epoch ms. */
  now(): number
  /** Moves the clock on by `ms` (never back). */
  advance(ms: number): Promise<void>
  /** Moves the clock on to `at` (epoch ms; ignored when that is not ahead). */
  setTo(at: number): Promise<void>
  /** Also moves the database's clock reads (see above); call once Medusa has booted. */
  attachDatabase(container: MedusaContainer): Promise<void>
  /** The real Date and databaseNow back (the test's database is dropped with its changes). */
  uninstall(): void
}

type Knex = {
  raw: (sql: string, bindings?: unknown[]) => Promise<unknown>
}

export function installSimClock(): SimClock {
  const RealDate = globalThis.Date
  if ((RealDate as unknown as { __simulated?: boolean }).__simulated) {
    throw new Error("a simulated clock is already installed")
  }
  let offset = 0
  const simNow = () => RealDate.now() + offset
  const SimDate = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length ? args : [simNow()], newTarget)
    },
    apply() {
      return new RealDate(simNow()).toString()
    },
    get(target, property, receiver) {
      if (property === "now") return simNow
      if (property === "__simulated") return true
      return Reflect.get(target, property, receiver)
    },
  })
  globalThis.Date = SimDate

  const proto = VorexyModuleService.prototype as unknown as Record<string, unknown>
  const databaseNow = Object.getOwnPropertyDescriptor(proto, "databaseNow")
  let knex: Knex | null = null
  const syncDatabase = async () => {
    if (knex) await knex.raw(`update vorexy_sim_clock set offset_ms = ?`, [Math.round(offset)])
  }

  const clock: SimClock = {
    now: simNow,
    async advance(ms) {
      if (ms > 0) offset += ms
      await syncDatabase()
    },
    async setTo(at) {
      if (at > simNow()) offset += at - simNow()
      await syncDatabase()
    },
    async attachDatabase(container) {
      knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
      await knex.raw(`create table if not exists vorexy_sim_clock (offset_ms bigint not null)`)
      await knex.raw(`delete from vorexy_sim_clock`)
      await knex.raw(`insert into vorexy_sim_clock (offset_ms) values (?)`, [Math.round(offset)])
      await knex.raw(
        `create or replace function sim_now() returns timestamptz language sql volatile as
         $$ select clock_timestamp() + make_interval(secs => (select offset_ms from vorexy_sim_clock limit 1) / 1000.0) $$`
      )
      await knex.raw(
        `alter table vorexy_webhook_event alter column created_at set default sim_now()`
      )
      // One process: the simulated JS clock is the database's clock.
      Object.defineProperty(proto, "databaseNow", {
        configurable: true,
        writable: true,
        value: async () => new Date(),
      })
    },
    uninstall() {
      globalThis.Date = RealDate
      if (databaseNow) Object.defineProperty(proto, "databaseNow", databaseNow)
      knex = null
      offset = 0
    },
  }
  return clock
}
