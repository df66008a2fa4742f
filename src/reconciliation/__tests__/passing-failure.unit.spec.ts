import { VorexyError } from "../../gateway"
import { errorsFor } from "../../providers/vorexy/core/errors"
import { isPassingFailure } from "../run-sync"

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
