import { Client } from "pg"
import { CHARGE_MARK_SQL, chargeMark } from "../../src/modules/vorexy/charge-watch"

// The long-poll watcher compares the mark a request started from (chargeMark, in TypeScript) with
// the marks its one query reads (CHARGE_MARK_SQL, in PostgreSQL): both must agree on every row, or
// a request would wake at once, or never.
jest.setTimeout(30_000)

const client = new Client({
  host: process.env.DB_HOST,
  port: Number(process.env.DB_PORT),
  user: process.env.DB_USERNAME,
  password: process.env.DB_PASSWORD,
  database: "postgres",
})
beforeAll(() => client.connect())
afterAll(() => client.end())

it("reads in SQL the same mark chargeMark makes, for every status, the gateway's, and every column set or not", async () => {
  const at = new Date("2026-02-14T12:00:00Z")
  const rows: Array<
    Parameters<typeof chargeMark>[0] & { status: string; gateway_status: string | null }
  > = []
  for (const status of ["pending", "paid", "cancelled", "refunded"])
    for (const gateway_status of [
      null,
      "AWAITING_PAYMENT",
      "Cancelled",
      " EXPIRED ",
      "\tCanceled\n",
      "\u000bcancelled\r\f",
      "vcancelled",
      "in-protest",
      "\u00a0Cancelled",
    ])
      for (let set = 0; set < 16; set++)
        rows.push({
          status,
          gateway_status,
          offer_closed_at: set & 1 ? at : null,
          gateway_unknown_at: set & 2 ? at : null,
          captured_at: set & 4 ? at : null,
          flag: set & 8 ? "late_payment" : null,
        })
  const { rows: read } = await client.query(
    `select ${CHARGE_MARK_SQL} as mark from unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[], $6::text[])
       with ordinality as vorexy_charge(status, gateway_status, offer_closed_at, gateway_unknown_at, captured_at, flag, n)
     order by n`,
    [
      rows.map((row) => row.status),
      rows.map((row) => row.gateway_status),
      rows.map((row) => row.offer_closed_at),
      rows.map((row) => row.gateway_unknown_at),
      rows.map((row) => row.captured_at),
      rows.map((row) => row.flag),
    ]
  )
  expect(read.map((row) => row.mark)).toEqual(rows.map(chargeMark))
  // Each of the 16 combinations of columns of a status is a mark of its own.
  const plain = read.filter((_: unknown, i: number) => rows[i].gateway_status === null)
  expect(new Set(plain.map((row: { mark: string }) => row.mark)).size).toBe(4 * 16)
  // The gateway cancelling a charge still awaited here (its expiry) is a change of its own, in
  // whatever words it says it; its wording alone is not.
  const markOf = (status: string, gateway_status: string | null) =>
    read[rows.findIndex((r) => r.status === status && r.gateway_status === gateway_status)].mark
  expect(markOf("pending", "Cancelled")).not.toBe(markOf("pending", "AWAITING_PAYMENT"))
  expect(markOf("pending", " EXPIRED ")).toBe(markOf("pending", "Cancelled"))
  expect(markOf("pending", "\tCanceled\n")).toBe(markOf("pending", "Cancelled"))
  expect(markOf("pending", "vcancelled")).toBe(markOf("pending", null))
  expect(markOf("pending", "AWAITING_PAYMENT")).toBe(markOf("pending", null))
  expect(markOf("paid", "Cancelled")).toBe(markOf("paid", null))
})
