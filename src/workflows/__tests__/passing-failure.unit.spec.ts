import { MedusaError, serializeError } from "@medusajs/framework/utils"
import { VorexyError } from "../../gateway"
import { LeaseLostError } from "../steps/charge-lease"
import { BusyError, isBusy, markBusy, VOREXY_BUSY } from "../utils/busy"
import { errorsFor } from "../../providers/vorexy/core/errors"
import { isPassingFailure } from "../utils/busy"

it("tells a busy lock or a database or Redis outage from the charge's own failure", () => {
  for (const message of [
    'Failed to acquire lock for key "vorexy:charge:tx_1"',
    "Knex: Timeout acquiring a connection. The pool is probably full.",
    "Unable to acquire a connection",
    "Connection terminated unexpectedly",
    "Connection is closed.",
    "connect ECONNREFUSED 127.0.0.1:6379",
    // What a query in flight, or the next one of its transaction, hears when PostgreSQL is
    // restarted (both seen in the fault suite).
    "Transaction query already complete, run with DEBUG=knex:tx for more info",
    `update "vorexy_charge" set "gateway_internal_id" = '8' where "id" = 'vxch_1' - terminating connection due to administrator command`,
  ])
    expect([message, isPassingFailure(new Error(message))]).toEqual([message, true])
  expect(isPassingFailure(Object.assign(new Error("read failed"), { code: "ECONNRESET" }))).toBe(
    true
  )
  // The ORM's error wrapping the driver's, by SQLSTATE: admin shutdown, connection failure.
  for (const code of ["57P01", "08006", "57P03"])
    expect(
      isPassingFailure(
        Object.assign(new Error("query failed"), { cause: Object.assign(new Error("x"), { code }) })
      )
    ).toBe(true)
  // A constraint violation is the row's own failure.
  expect(isPassingFailure(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false)
  for (const message of [
    "Vorexy: the payment of session payses_1 was not captured; will retry.",
    "Vorexy PIX: Vorexy refused to read transaction tx_1 (HTTP 400).",
    'Failed to acquire lock for key "another-plugin:x"',
    "Timed-out acquiring lock.",
  ])
    expect([message, isPassingFailure(new Error(message))]).toEqual([message, false])
})

it("counts the gateway being unreachable as the charge's failure (it must end flagged)", () => {
  const refused = new VorexyError("unavailable", {
    operation: "get transaction",
    gatewayMessage: "network error ECONNREFUSED",
  })
  expect(isPassingFailure(refused)).toBe(false)
  // As the provider hands it to Medusa (whose capture is what reads the gateway then): its
  // message names ECONNREFUSED, its cause is the gateway's error.
  const asProvider = errorsFor("PIX").fromGateway(refused, "read transaction", false)
  expect(asProvider.message).toContain("ECONNREFUSED")
  expect(isPassingFailure(asProvider)).toBe(false)
  expect(isPassingFailure(Object.assign(new Error("capture failed"), { cause: asProvider }))).toBe(
    false
  )
  // And not listed on it (nothing more in a response or a log line that prints fields).
  expect(Object.keys(asProvider)).not.toContain("cause")
})

it("tells our own busy failures by their code, however they are worded or handed on", () => {
  const lost = new LeaseLostError("vorexy:charge:tx_1")
  const busyLease = new BusyError(
    'Failed to acquire lock for key "vorexy:charge:tx_1"',
    new Error('Failed to acquire lock for key "vorexy:charge:tx_1"')
  )
  const cart = new MedusaError(MedusaError.Types.CONFLICT, "the cart stayed locked", VOREXY_BUSY)
  for (const error of [lost, busyLease, cart]) {
    expect(isPassingFailure(error)).toBe(true)
    // As a workflow's run throws it: the error's own fields, not its class.
    expect(isPassingFailure({ ...serializeError(error) })).toBe(true)
    expect(isPassingFailure(Object.assign(new Error("the sync failed"), { cause: error }))).toBe(
      true
    )
  }
  expect(isPassingFailure(Object.assign(new Error("anything at all"), { code: VOREXY_BUSY }))).toBe(
    true
  )
  // The words alone no longer make one: a message is not an error code.
  for (const message of [
    "Vorexy: the cart of order order_1 stayed locked (its checkout still running); will retry.",
    "Vorexy: order order_1 was rolled back by its checkout; will retry.",
    'Lost the lease on "vorexy:charge:tx_1"',
  ])
    expect([message, isPassingFailure(new Error(message))]).toEqual([message, false])
  // A gateway failure stays the charge's, even under a busy error.
  const gateway = new VorexyError("unavailable", { operation: "get transaction" })
  expect(isPassingFailure(new BusyError("busy", gateway))).toBe(false)
})

it("names the withdrawal lock core's step failed to take as passing (its error carries no code of ours)", () => {
  expect(
    isPassingFailure(new Error('Failed to acquire lock for key "vorexy:withdrawal:wd_1"'))
  ).toBe(true)
})

it("marks the lock store's refusal of a lease busy, keeping what a route answers it with", () => {
  // As Medusa's Redis locking provider refuses: a 409 conflict.
  const refused = markBusy(
    new MedusaError(
      MedusaError.Types.CONFLICT,
      'Failed to acquire lock for key "vorexy:charge:tx_9"'
    )
  )
  expect(MedusaError.isMedusaError(refused)).toBe(true)
  expect((refused as MedusaError).type).toBe(MedusaError.Types.CONFLICT)
  expect(isPassingFailure({ ...serializeError(refused) })).toBe(true)
  // A key of another plugin's, refused under our lease's take, is still ours to retry.
  expect(isPassingFailure(markBusy(new Error('Failed to acquire lock for key "x"')))).toBe(true)
  // A socket error keeps its own code.
  const reset = markBusy(Object.assign(new Error("read failed"), { code: "ECONNRESET" }))
  expect((reset as { code?: string }).code).toBe("ECONNRESET")
  expect(isPassingFailure(reset)).toBe(true)
})

it("tells another run holding the charge (the job moves on, nothing to report) from a lease lost or a lock store away", () => {
  const held = markBusy(new Error('Failed to acquire lock for key "vorexy:charge:tx_1"'))
  const cartHeld = new MedusaError(
    MedusaError.Types.CONFLICT,
    "the cart stayed locked",
    VOREXY_BUSY
  )
  expect(isBusy(held)).toBe(true)
  expect(isBusy({ ...serializeError(held) })).toBe(true)
  expect(isBusy(cartHeld)).toBe(true)
  // A withdrawal's key, refused by core's lock step as the lock store words it (no code of ours).
  const withdrawalHeld = new Error('Failed to acquire lock for key "vorexy:withdrawal:7"')
  expect(isBusy(withdrawalHeld)).toBe(true)
  expect(isBusy({ ...serializeError(withdrawalHeld) })).toBe(true)
  // Another plugin's key is not ours to leave to another run, nor the gateway's own words.
  expect(isBusy(new Error('Failed to acquire lock for key "x"'))).toBe(false)
  const gatewayWords = new VorexyError("refused", {
    operation: "get withdrawal",
    gatewayMessage: 'Failed to acquire lock for key "vorexy:withdrawal:7"',
  })
  expect(isBusy(gatewayWords)).toBe(false)
  expect(isBusy(new BusyError("busy", gatewayWords))).toBe(false)
  // Passing (no backoff), but not another run's work: the job reports these.
  const lost = new LeaseLostError("vorexy:charge:tx_1")
  const storeAway = markBusy(new Error("Connection is closed."))
  const redisDown = markBusy(
    new Error(
      'Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.'
    )
  )
  const cartStoreAway = Object.assign(
    new MedusaError(MedusaError.Types.CONFLICT, "the cart stayed locked", VOREXY_BUSY),
    {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), {
        code: "ECONNREFUSED",
      }),
    }
  )
  for (const error of [lost, storeAway, redisDown, cartStoreAway]) {
    expect(isPassingFailure(error)).toBe(true)
    expect(isBusy(error)).toBe(false)
  }
  // As a workflow's run throws them: their own code and words.
  expect(isBusy({ ...serializeError(lost) })).toBe(false)
  expect(isBusy({ ...serializeError(storeAway) })).toBe(false)
})
