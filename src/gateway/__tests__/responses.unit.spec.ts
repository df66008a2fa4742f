import {
  amountCents,
  parseBalance,
  parseCreatedTransaction,
  parseTransactionDetail,
  parseTransactionPage,
  parseWithdrawal,
  ShapeError,
} from "../responses"

describe("tolerant response parsing", () => {
  it("reads the create response with companyId in data, at the top, or absent", () => {
    const data = {
      id: "6a1c",
      amount: 2500,
      paymentMethod: "PIX",
      status: "WAITING_PAYMENT",
      pix: { qrcode: "000201...", expirationDate: "2026-11-22T00:00:00Z" },
      extra: 1,
    }
    expect(parseCreatedTransaction({ status: 200, data: { ...data, companyId: 7 } })).toMatchObject(
      {
        id: "6a1c",
        amountCents: 2500,
        companyId: 7,
        status: { status: "pending", raw: "WAITING_PAYMENT" },
        pix: { qrcode: "000201...", expiresAt: "2026-11-22T00:00:00Z" },
        raw: { extra: 1 },
      }
    )
    expect(parseCreatedTransaction({ companyId: "8", data }).companyId).toBe(8)
    expect(parseCreatedTransaction({ data }).companyId).toBeUndefined()
    expect(() => parseCreatedTransaction({ data: { amount: 1 } })).toThrow(ShapeError)
    expect(() => parseCreatedTransaction([1])).toThrow(ShapeError)
  })

  it("prefers fields named in cents and reads reais where value is reais", () => {
    expect(amountCents({ value: 10.5, valueInCents: 1050 }, false)).toBe(1050)
    expect(amountCents({ value: 10.5 }, false)).toBe(1050)
    expect(amountCents({ value: 1000 }, false)).toBe(100000)
    expect(amountCents({ value: 1000 }, true)).toBe(1000)
    // A decimal `value` cannot be cents, even where the spec says cents.
    expect(amountCents({ value: 19.99 }, true)).toBe(1999)
    expect(amountCents({}, true)).toBeUndefined()
  })

  it("reads the transaction detail", () => {
    const detail = parseTransactionDetail(
      {
        id: 12,
        companyId: 3,
        value: 1999,
        transactionId: "tx-uuid",
        enStatusTransaction: "Paid",
        enPaymentSystem: "Pix",
        lead: { id: 4, name: "Ana", document: "529" },
        updateDate: "2026-11-21T10:00:00+00:00",
      },
      "tx-uuid"
    )
    expect(detail).toMatchObject({
      transactionId: "tx-uuid",
      internalId: 12,
      companyId: 3,
      amountCents: 1999,
      status: { status: "paid" },
      lead: { name: "Ana", document: "529" },
    })
  })

  it("reads the list envelope and its items", () => {
    const page = parseTransactionPage({
      ok: true,
      res: {
        items: [{ id: 1, amount: 100, status: "PENDING", lead: { name: "Ana" } }],
        totalItems: 51,
        totalPages: 2,
        currentPage: 2,
        pageSize: 50,
      },
    })
    expect(page).toMatchObject({ totalItems: 51, totalPages: 2, currentPage: 2, pageSize: 50 })
    expect(page.items[0]).toMatchObject({
      id: 1,
      amountCents: 100,
      status: { status: "pending", raw: "PENDING" },
    })
    expect(() => parseTransactionPage({ ok: true, res: {} })).toThrow(/res.items/)
    expect(() => parseTransactionPage({ ok: false })).toThrow(/ok: false/)
  })

  it("reads the balance exactly, flagging anything but Released", () => {
    const balance = parseBalance({
      companyId: 1,
      currency: "BRL",
      enBalanceStatus: "Pending",
      accBalance: 1234.56,
      accBalanceCredit: 0.1,
      accBalanceCreditAwaiting: 2,
    })
    expect(balance).toMatchObject({
      released: false,
      balanceStatus: "Pending",
      available: { reais: "1234.56", cents: 123456 },
      credit: { cents: 10 },
      creditAwaiting: { cents: 200 },
    })
    expect(() => parseBalance({ enBalanceStatus: "Released" })).toThrow(/accBalance/)
  })

  it("reads withdrawals with or without a data envelope, in reais or cents", () => {
    const flat = {
      id: 9,
      companyId: 1,
      idempotencyKey: "wd_1",
      value: 10.0,
      pixKey: "k",
      enTransaction: "Awaiting",
    }
    expect(parseWithdrawal(flat)).toMatchObject({
      id: "9",
      amountCents: 1000,
      status: { status: "pending", raw: "Awaiting" },
    })
    expect(parseWithdrawal({ data: { ...flat, amount: 1000, value: 10 } }).amountCents).toBe(1000)
    expect(
      parseWithdrawal({
        ...flat,
        enTransaction: "Failure",
        providerErrorDescription: "chave inválida",
      })
    ).toMatchObject({
      status: { status: "failed", terminal: true },
      failureReason: "chave inválida",
    })
    expect(() => parseWithdrawal({ value: 10 })).toThrow(/no id/)
  })

  it("reads a payout's end-to-end id under either name, a blank one as none", () => {
    const paid = { id: 9, amount: 1000, enTransaction: "Successful" }
    const e2e = "E1795994957144000000000"
    expect(parseWithdrawal({ ...paid, providerEndToEndId: e2e }).endToEndId).toBe(e2e)
    expect(parseWithdrawal({ ...paid, providerEndToEndId: " ", endToEndId: e2e }).endToEndId).toBe(
      e2e
    )
    expect(parseWithdrawal({ ...paid, providerEndToEndId: "" }).endToEndId).toBeUndefined()
  })

  describe("boleto and card facts, under every alias of the template", () => {
    const base = { id: "b1", amount: 9490, status: "waiting_payment" }
    const line = "23793.38128 60082.677139 66000.063308 9 93130000009490"
    const code = "23799931300000094903381260082677136600006330"

    it.each([
      [
        "url, digitableLine, barcode, expirationDate",
        {
          boleto: {
            url: "https://x/b.pdf",
            digitableLine: line,
            barcode: code,
            expirationDate: "2026-11-25",
          },
        },
      ],
      [
        "bankSlipUrl, line, barCode, dueDate",
        {
          boleto: { bankSlipUrl: "https://x/b.pdf", line, barCode: code, dueDate: "2026-11-25" },
        },
      ],
      [
        "pdf under bankSlip",
        {
          bankSlip: {
            pdf: "https://x/b.pdf",
            digitable_line: line,
            bar_code: code,
            due_date: "2026-11-25",
          },
        },
      ],
    ])("reads a boleto named %s, keeping only the digits of its line", (_, fields) => {
      const parsed = parseCreatedTransaction({ ...base, ...fields })
      expect(parsed.boleto).toEqual({
        url: "https://x/b.pdf",
        digitableLine: line.replace(/\D/g, ""),
        barcode: code,
        dueDate: "2026-11-25",
      })
      expect(parsed.boleto?.digitableLine).toHaveLength(47)
    })

    it("keeps a boleto's PDF only as a web link", () => {
      const url = (value: unknown) =>
        parseCreatedTransaction({ ...base, boleto: { url: value, line } }).boleto?.url
      expect(url("https://gw.example/b.pdf?id=1")).toBe("https://gw.example/b.pdf?id=1")
      expect(url("http://gw.example/b.pdf")).toBe("http://gw.example/b.pdf")
      for (const hostile of [
        "javascript:alert(document.cookie)",
        " JavaScript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "//gw.example/b.pdf",
        "/boleto/1.pdf",
        `https://gw.example/${"a".repeat(3_000)}`,
        42,
      ])
        expect(url(hostile)).toBeUndefined()
    })

    it("reads a card's brand and last digits, and a refusal as a string or an object", () => {
      const card = { brand: "visa", lastDigits: "1111" }
      expect(
        parseTransactionDetail({ ...base, status: "paid", card, installments: 3 }, "b1").card
      ).toEqual({ brand: "visa", lastDigits: "1111", installments: 3, refusedReason: undefined })
      expect(
        parseCreatedTransaction({
          ...base,
          status: "refused",
          card: { brand: "master", last4: "0002" },
          refusedReason: "saldo insuficiente",
        }).card
      ).toMatchObject({ brand: "master", lastDigits: "0002", refusedReason: "saldo insuficiente" })
      expect(
        parseCreatedTransaction({
          ...base,
          status: "refused",
          refusedReason: { description: "Cartão expirado" },
        }).card
      ).toMatchObject({ refusedReason: "Cartão expirado" })
    })

    it("has no boleto or card facts for a PIX charge", () => {
      const parsed = parseCreatedTransaction({ ...base, pix: { qrcode: "000201" } })
      expect(parsed.boleto).toBeUndefined()
      expect(parsed.card).toBeUndefined()
    })
  })
})
