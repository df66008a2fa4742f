import type { MedusaContainer } from "@medusajs/framework/types"
import { missingCaptureTransactions } from "../utils/missing-capture-transactions"

/** An order module holding some capture transactions of order_1; counts its queries. */
function orders(recorded: string[]) {
  const queries: unknown[] = []
  const container = {
    resolve: () => ({
      listOrderTransactions: async (filter: { order_id: string; reference_id: string[] }) => {
        queries.push(filter)
        return filter.order_id === "order_1"
          ? recorded
              .filter((id) => filter.reference_id.includes(id))
              .map((id) => ({ reference_id: id }))
          : []
      },
    }),
  } as unknown as MedusaContainer
  return { container, queries }
}

const payment = {
  id: "pay_1",
  currency_code: "brl",
  captures: [
    { id: "capt_1", amount: 10 },
    { id: "capt_2", amount: 5.5 },
  ],
}

it("names the captures whose order has no transaction for them, in one query", async () => {
  const { container, queries } = orders(["capt_1"])
  expect(await missingCaptureTransactions(container, "order_1", payment)).toEqual({
    id: "pay_1",
    currency_code: "brl",
    captures: [{ id: "capt_2", amount: 5.5 }],
  })
  expect(queries).toEqual([
    { order_id: "order_1", reference: "capture", reference_id: ["capt_1", "capt_2"] },
  ])
})

it("answers null when every capture is recorded, and asks nothing without an order or a capture", async () => {
  const all = orders(["capt_1", "capt_2"])
  expect(await missingCaptureTransactions(all.container, "order_1", payment)).toBeNull()
  const none = orders([])
  expect(await missingCaptureTransactions(none.container, null, payment)).toBeNull()
  expect(
    await missingCaptureTransactions(none.container, "order_1", { ...payment, captures: [] })
  ).toBeNull()
  expect(await missingCaptureTransactions(none.container, "order_1", null)).toBeNull()
  expect(none.queries).toEqual([])
})
