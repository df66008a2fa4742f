import { DEFAULT_COMPANIES, SandboxState } from "../state"

const PIX = {
  amount: 5000,
  currency: "BRL",
  paymentMethod: "PIX",
  customer: { name: "Ana Souza", email: "ana@example.com" },
}

/** A sandbox's state with `count` PIX charges made one after the other. */
function stateWith(count: number) {
  const state = new SandboxState(DEFAULT_COMPANIES, null, () => undefined)
  const company = state.company(DEFAULT_COMPANIES[0].companyId)
  const made = Array.from({ length: count }, () => state.createTransaction(company, PIX))
  return { state, companyId: company.companyId, made }
}

const ids = (page: { items: { internalId: number }[] }) => page.items.map((t) => t.internalId)

describe("the sandbox's transaction list", () => {
  it("pages by creation, newest or oldest first", () => {
    const { state, companyId } = stateWith(5)
    const desc = (page: number) => state.listTransactions(companyId, page, 2, "createdAt_desc")
    expect(ids(desc(1))).toEqual([5, 4])
    expect(ids(desc(3))).toEqual([1])
    expect(ids(desc(4))).toEqual([])
    expect(desc(1)).toMatchObject({ totalItems: 5, totalPages: 3 })
    expect(ids(state.listTransactions(companyId, 2, 2, "createdAt_asc"))).toEqual([3, 4])
  })

  it("lists what is made after a page was read, and leaves out a transaction forgotten", () => {
    const { state, companyId, made } = stateWith(3)
    expect(ids(state.listTransactions(companyId, 1, 10, "createdAt_desc"))).toEqual([3, 2, 1])
    state.createTransaction(state.company(companyId), PIX)
    state.transactions.delete(made[1].transactionId)
    const page = state.listTransactions(companyId, 1, 10, "createdAt_desc")
    expect(ids(page)).toEqual([4, 3, 1])
    expect(page.totalItems).toBe(3)
  })

  it("lists a transaction made right after another was forgotten (the count the same again)", () => {
    const { state, companyId, made } = stateWith(3)
    expect(ids(state.listTransactions(companyId, 1, 10, "createdAt_desc"))).toEqual([3, 2, 1])
    state.transactions.delete(made[1].transactionId)
    state.createTransaction(state.company(companyId), PIX)
    expect(ids(state.listTransactions(companyId, 1, 10, "createdAt_desc"))).toEqual([4, 3, 1])
  })

  it("lists a restored state in creation order, and only the company's own", () => {
    const { state, companyId } = stateWith(3)
    const snapshot = state.snapshot()
    snapshot.transactions.reverse()
    const restored = new SandboxState(DEFAULT_COMPANIES, null, () => undefined)
    restored.restore(snapshot)
    expect(ids(restored.listTransactions(companyId, 1, 10, "createdAt_asc"))).toEqual([1, 2, 3])
    expect(restored.listTransactions(companyId + 1, 1, 10, "createdAt_asc").totalItems).toBe(0)
  })
})
