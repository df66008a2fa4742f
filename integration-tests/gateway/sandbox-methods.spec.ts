/**
 * The sandbox's BOLETO and CREDIT_CARD emulation over raw HTTP: FEBRABAN boletos and their PDF,
 * the card tokeniser and its script, synchronous authorisation by test card, chargebacks and
 * protests, and the template's rule that items plus shipping add up to the amount.
 */
import {
  barcodeOfLine,
  dueDateFactor,
  formatDigitableLine,
  isValidBarcode,
  isValidDigitableLine,
  readBarcode,
} from "../../sandbox"
import { call, createPix, sandbox, useRawSandbox } from "../helpers/sandbox-http"
import {
  CARDS,
  control,
  create,
  createBoleto,
  createCard,
  detail,
  listItem,
  ORDER,
  fetchPdf,
  runCardScript,
  tokenise,
  useReceiver,
} from "../helpers/sandbox-methods"

useRawSandbox()
const webhooks = useReceiver()

const TOKEN_REFUSED = "card.hash is not a valid card token (unknown, used or expired)"
const available = () => sandbox.state.company(1001).balance.availableCents

describe("BOLETO", () => {
  it("issues a valid FEBRABAN boleto whose factor and amount match the charge", async () => {
    const { status, body } = await createBoleto("tx_boleto_00001")
    expect(status).toBe(200)
    const { id, boleto } = body.data
    expect(body.data).toMatchObject({
      amount: 9490,
      paymentMethod: "BOLETO",
      status: "WAITING_PAYMENT",
    })
    expect(Object.keys(boleto).sort().join()).toBe("barcode,digitableLine,expirationDate,url")
    expect(isValidDigitableLine(boleto.digitableLine)).toBe(true)
    expect(isValidBarcode(boleto.barcode)).toBe(true)
    expect(barcodeOfLine(boleto.digitableLine)).toBe(boleto.barcode)
    const due = new Date()
    due.setUTCDate(due.getUTCDate() + 5)
    expect(boleto.expirationDate).toBe(`${due.toISOString().slice(0, 10)}T23:59:59.999Z`)
    expect(readBarcode(boleto.barcode)).toEqual({ factor: dueDateFactor(due), amountCents: 9490 })
    expect(boleto.url).toBe(`${sandbox.url}/boletos/${id}.pdf`)

    expect(await detail(id)).toMatchObject({
      enStatusTransaction: "Awaiting",
      enPaymentSystem: "Boleto",
      boleto,
    })
    expect(await listItem(id)).toMatchObject({ status: "PENDING", paymentMethod: "BOLETO" })
    // Three days unless told: the template's usual default.
    const plain = await createBoleto("tx_boleto_00002", { boleto: undefined })
    const days = (Date.parse(plain.body.data.boleto.expirationDate) - Date.now()) / 86_400_000
    expect(Math.floor(days)).toBe(3)
  })

  it("uses the template's other field names in the alternate variant (the detail keeps ours)", async () => {
    await call("POST", "/__sandbox/variants", { boletoAliases: "alternate" }, {})
    const { body } = await createBoleto("tx_boleto_alias1")
    const boleto = body.data.boleto
    expect(Object.keys(boleto).sort()).toEqual(["bankSlipUrl", "barCode", "dueDate", "line"])
    expect(isValidDigitableLine(boleto.line)).toBe(true)
    expect((await detail(body.data.id)).boleto).toEqual({
      url: boleto.bankSlipUrl,
      digitableLine: boleto.line,
      barcode: boleto.barCode,
      expirationDate: boleto.dueDate,
    })
  })

  it("serves the slip as a valid PDF without credentials, and 404 for anything else", async () => {
    const { body } = await createBoleto("tx_boleto_pdf01")
    const pdf = await fetchPdf(body.data.boleto.url)
    expect(pdf).toMatchObject({ status: 200, contentType: "application/pdf", header: "%PDF-1.4" })
    expect(pdf).toMatchObject({ objects: 8, entries: 8, offsetsOk: true })
    expect(pdf.text).toContain("(Boleto \\(sandbox\\))")
    expect(pdf.text).toContain("Loja Demo Ltda - 11.222.333/0001-81")
    expect(pdf.text).toContain("(Valor: R$ 94,90)")
    expect(pdf.text).toContain(`(${formatDigitableLine(body.data.boleto.digitableLine)})`)
    const due = body.data.boleto.expirationDate.slice(0, 10).split("-").reverse().join("/")
    expect(pdf.text).toContain(`(Vencimento: ${due})`)

    expect((await fetch(`${sandbox.url}/boletos/nope.pdf`)).status).toBe(404)
    const pix = (await createPix()).body.data.id
    expect((await fetch(`${sandbox.url}/boletos/${pix}.pdf`)).status).toBe(404)
  })

  it("needs the payer's document and address, and takes 1..30 days and 1 installment", async () => {
    const customer = { name: "Ana", email: "ana@example.com" }
    const bare = await createBoleto("tx_boleto_bad01", { customer })
    expect(bare.status).toBe(400)
    expect(bare.body.message).toMatch(/customer\.document.*customer\.address/)
    const badAddress = await createBoleto("tx_boleto_bad02", {
      customer: { ...ORDER.customer, address: { ...ORDER.customer.address, zipCode: "0130" } },
    })
    expect(badAddress.body.message).toContain("customer.address.zipCode must be 8 digits")
    const late = await createBoleto("tx_boleto_bad03", { boleto: { expiresInDays: 31 } })
    expect(late.body.message).toContain("boleto.expiresInDays must be an integer from 1 to 30")
    const split = await createBoleto("tx_boleto_bad04", { installments: 2 })
    expect(split.body.message).toContain("installments must be 1 for BOLETO")
    expect(sandbox.state.transactions.size).toBe(0)
  })

  it("is paid or expired by the control endpoints, never by the PIX expiry sweep", async () => {
    const a = (await createBoleto("tx_boleto_ctl01")).body.data.id
    const b = (await createBoleto("tx_boleto_ctl02")).body.data.id
    sandbox.state.sweepExpired(Date.now() + 60 * 86_400_000)
    expect(sandbox.state.transaction(a).state).toBe("Awaiting")
    expect((await control(a, "pay")).body).toMatchObject({ enStatusTransaction: "Paid" })
    expect(available()).toBe(9490)
    expect((await control(b, "expire")).body.enStatusTransaction).toBe("Cancelled")
  })
})

describe("CREDIT_CARD", () => {
  it("tokenises with CORS, answering the preflight, and keeps no card number", async () => {
    const preflight = await fetch(`${sandbox.url}/api/v1/card-tokens`, { method: "OPTIONS" })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*")
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST")
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/content-type/i)

    const { status, headers, body } = await tokenise()
    expect(status).toBe(201)
    expect(headers.get("access-control-allow-origin")).toBe("*")
    expect(body).toEqual({
      token: expect.stringMatching(/^tok_/),
      brand: "visa",
      lastDigits: "1111",
      expiresAt: expect.any(String),
    })
    expect(Math.round((Date.parse(body.expiresAt) - Date.now()) / 60_000)).toBe(15)
    const state = await call("GET", "/__sandbox/state", undefined, {})
    expect(JSON.stringify(state.body)).not.toMatch(/4111 ?1111 ?1111 ?1111/)
  })

  it("refuses bad cards with 400 and a clear message (CORS included)", async () => {
    const cases: [object, RegExp][] = [
      [{ publicKey: "pk_nope" }, /publicKey is not a known public key/],
      [{ number: "4111 1111 1111 1112" }, /Luhn check failed/],
      [{ expMonth: 1, expYear: 2020 }, /the card has expired/],
      [{ cvv: "12" }, /cvv must be 3 or 4 digits/],
    ]
    for (const [patch, message] of cases) {
      const { status, headers, body } = await tokenise(patch)
      expect({ status, message: body.message }).toEqual({
        status: 400,
        message: expect.stringMatching(message),
      })
      expect(headers.get("access-control-allow-origin")).toBe("*")
    }
  })

  it("approves a card at once: PAID, balance credited, detail, list and webhook", async () => {
    webhooks.listen()
    const { status, body } = await createCard("tx_card_ok_0001", CARDS.approved)
    expect([status, body.data.refusedReason]).toEqual([200, undefined])
    expect(body.data).toMatchObject({
      status: "PAID",
      paymentMethod: "CREDIT_CARD",
      card: { brand: "visa", lastDigits: "1111" },
      installments: 3,
    })
    expect(await detail(body.data.id)).toMatchObject({
      enStatusTransaction: "Paid",
      enPaymentSystem: "CreditCard",
      card: { brand: "visa", lastDigits: "1111" },
      installments: 3,
      value: 9490,
    })
    expect((await listItem(body.data.id)).status).toBe("PAID")
    expect(sandbox.state.transaction(body.data.id).paidAt).toEqual(expect.any(String))
    expect(available()).toBe(9490)
    expect(await webhooks.statuses(body.data.id, 1)).toEqual(["paid"])
  })

  it("refuses the declined cards with HTTP 200, both reason forms, and moves no money", async () => {
    webhooks.listen()
    const declined = await createCard("tx_card_no_0001", CARDS.refused)
    const expired = await createCard("tx_card_no_0002", CARDS.refusedExpired)
    expect(declined.status).toBe(200)
    expect(declined.body.data).toMatchObject({
      status: "REFUSED",
      refusedReason: "Transação negada pelo emissor: saldo insuficiente",
      card: { lastDigits: "0002" },
    })
    expect(expired.body.data).toMatchObject({
      status: "REFUSED",
      refusedReason: { description: "Cartão expirado" },
    })
    expect(await detail(expired.body.data.id)).toMatchObject({
      enStatusTransaction: "Refused",
      refusedReason: { description: "Cartão expirado" },
    })
    expect((await listItem(declined.body.data.id)).status).toBe("REFUSED")
    expect(available()).toBe(0)
    expect(await webhooks.statuses(declined.body.data.id, 1)).toEqual(["refused"])
    expect((await control(declined.body.data.id, "pay")).status).toBe(409)
  })

  it("holds a card in analysis until the control endpoints pay, fail or cancel it", async () => {
    webhooks.listen()
    const ids = []
    for (const key of ["tx_card_an_0001", "tx_card_an_0002", "tx_card_an_0003"]) {
      const { body } = await createCard(key, CARDS.analysis)
      expect(body.data.status).toBe("IN_ANALISYS")
      ids.push(body.data.id)
    }
    expect((await detail(ids[0])).enStatusTransaction).toBe("InAnalysis")
    expect((await listItem(ids[0])).status).toBe("IN_ANALISYS")
    expect(available()).toBe(0)
    expect((await control(ids[0], "pay")).body.enStatusTransaction).toBe("Paid")
    expect((await control(ids[1], "fail")).body.enStatusTransaction).toBe("Failed")
    expect((await control(ids[2], "cancel")).body.enStatusTransaction).toBe("Cancelled")
    expect(available()).toBe(9490)
    expect((await webhooks.statuses(ids[0], 2)).sort()).toEqual(["in_analisys", "paid"])
  })

  it("spends a token once; refuses unknown, expired and other companies' tokens", async () => {
    const hash = (await tokenise()).body.token
    const body = { ...ORDER, paymentMethod: "CREDIT_CARD", card: { hash } }
    const send = (key: string, patch: object = {}) => create(key, { ...body, ...patch })
    // A refused request does not spend the token.
    expect((await send("tx_card_tk_0001", { installments: 13 })).status).toBe(400)
    const first = await send("tx_card_tk_0002")
    expect(first.body.data.status).toBe("PAID")
    expect((await send("tx_card_tk_0002")).body).toEqual(first.body) // an idempotent replay
    const refused = { status: 400, body: { message: expect.stringContaining(TOKEN_REFUSED) } }
    expect(await send("tx_card_tk_0003")).toMatchObject(refused)
    expect(await send("tx_card_tk_0004", { card: { hash: "tok_nope" } })).toMatchObject(refused)
    const other = (await tokenise({ publicKey: sandbox.credentials(2002).publicKey })).body.token
    expect((await send("tx_card_tk_0005", { card: { hash: other } })).status).toBe(400)
    const stale = (await tokenise()).body.token
    expect((await call("POST", "/__sandbox/card-tokens/expire", {}, {})).body.expired).toBe(3)
    expect(await send("tx_card_tk_0006", { card: { hash: stale } })).toMatchObject(refused)
    expect((await send("tx_card_tk_0007", { card: undefined })).status).toBe(400)
  })

  it("serves the browser script, which tokenises on its own origin", async () => {
    const response = await fetch(`${sandbox.url}/js/vorexy-card.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
    const source = await response.text()
    expect(source).toContain("4000 0000 0000 9995")

    const VorexyCard = runCardScript(source, `${sandbox.url}/js/vorexy-card.js`)
    const card = { number: CARDS.analysis, holderName: "ANA", expMonth: "12", expYear: "40" }
    await expect(VorexyCard.encrypt({ ...card, cvv: "123" })).rejects.toThrow(/setPublicKey/)
    VorexyCard.setPublicKey(sandbox.credentials().publicKey)
    await expect(VorexyCard.encrypt({ ...card, cvv: "1" })).rejects.toThrow(/cvv/)
    const token = await VorexyCard.encrypt({ ...card, cvv: "123" })
    expect(token).toMatch(/^tok_/)
    expect(sandbox.state.cardTokens.usable(token, 1001)).toMatchObject({ outcome: "analysis" })
  })
})

describe("disputes and amounts", () => {
  it("charges back a paid card (balance debited) and protests a paid charge", async () => {
    webhooks.listen()
    const card = (await createCard("tx_dispute_0001", CARDS.approved)).body.data.id
    const boleto = (await createBoleto("tx_dispute_0002")).body.data.id
    expect((await control(boleto, "protest")).status).toBe(409)
    await control(boleto, "pay")
    expect(available()).toBe(2 * 9490)

    expect((await control(card, "chargeback")).body.enStatusTransaction).toBe("Chargedback")
    expect(available()).toBe(9490)
    expect((await control(boleto, "protest")).body.enStatusTransaction).toBe("InProtest")
    expect(available()).toBe(9490)
    expect((await detail(card)).enStatusTransaction).toBe("Chargedback")
    expect((await listItem(boleto)).status).toBe("IN_PROTEST")
    expect((await webhooks.statuses(card, 2)).sort()).toEqual(["chargedback", "paid"])
    expect((await webhooks.statuses(boleto, 3)).sort()).toEqual(["in_protest", "paid", "pending"])
    expect((await control(card, "refund")).status).toBe(409)
  })

  it("requires items plus shipping.fee to add up to the amount", async () => {
    const items = [{ title: "Camiseta", unitPrice: 1999, quantity: 1, tangible: true }]
    const ok = await createPix("tx_items_000001", { amount: 2499, items, shipping: { fee: 500 } })
    expect(ok.status).toBe(200)
    // PIX keeps the spec's create response: no boleto or card fields.
    expect(Object.keys(ok.body.data).sort().join()).toBe(
      "amount,companyId,createdAt,id,paymentMethod,pix,status"
    )
    const off = await createPix("tx_items_000002", { amount: 2500, items, shipping: { fee: 500 } })
    expect(off.status).toBe(400)
    expect(off.body.message).toContain(
      "items (1999) plus shipping.fee (500) must add up to amount (2500)"
    )
    const boleto = await createBoleto("tx_items_000003", { shipping: { fee: 0 } })
    expect(boleto.body.message).toMatch(/items \(8490\) plus shipping\.fee \(0\)/)
  })
})
