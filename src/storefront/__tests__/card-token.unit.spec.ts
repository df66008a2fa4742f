/** @jest-environment jsdom */
import { browserWakeSource } from "../follower"
import { tokenizeCard, type VorexyCardTokeniser } from "../card-token"
import { CARD_CONFIG } from "./fixtures"

type Win = { VorexyCard?: VorexyCardTokeniser }

const CARD = {
  number: "4111 1111 1111 1111",
  holderName: " Maria  Silva ",
  expMonth: "3",
  expYear: "31",
  cvv: "123",
}

const scripts = () => Array.from(document.querySelectorAll("script"))

/** jsdom does not fetch scripts: the test plays the browser, defining the tokeniser on "load". */
function loadScript(tokeniser?: VorexyCardTokeniser) {
  const script = scripts().pop()!
  if (tokeniser) (window as Win).VorexyCard = tokeniser
  script.dispatchEvent(new Event("load"))
}

afterEach(() => {
  delete (window as Win).VorexyCard
  document.head.innerHTML = ""
})

it("loads the script once, sets the public key and returns the token", async () => {
  const tokeniser = {
    setPublicKey: jest.fn(),
    encrypt: jest.fn().mockResolvedValue("tok_abc"),
  }
  const first = tokenizeCard(CARD, CARD_CONFIG)
  expect(scripts().map((s) => s.src)).toEqual([CARD_CONFIG.token_script_url])
  loadScript(tokeniser)
  await expect(first).resolves.toBe("tok_abc")
  expect(tokeniser.setPublicKey).toHaveBeenCalledWith("pk_sandbox_1001")
  expect(tokeniser.encrypt).toHaveBeenCalledWith({
    number: "4111111111111111",
    holderName: "Maria Silva",
    expMonth: "03",
    expYear: "2031",
    cvv: "123",
  })

  await expect(tokenizeCard(CARD, CARD_CONFIG)).resolves.toBe("tok_abc")
  expect(scripts()).toHaveLength(1)
})

it("says when the script cannot be loaded, and tries again next time", async () => {
  const config = { ...CARD_CONFIG, token_script_url: "https://flaky.test/vorexy-card.js" }
  const attempt = tokenizeCard(CARD, config)
  scripts()[0].dispatchEvent(new Event("error"))
  await expect(attempt).rejects.toMatchObject({ code: "script_failed" })
  expect(scripts()).toHaveLength(0)

  const again = tokenizeCard(CARD, config)
  expect(scripts()).toHaveLength(1)
  loadScript({ setPublicKey: () => {}, encrypt: async () => "tok_2" })
  await expect(again).resolves.toBe("tok_2")
})

it("says when the script loads without a tokeniser", async () => {
  const attempt = tokenizeCard(CARD, { ...CARD_CONFIG, token_script_url: "https://x.test/a.js" })
  loadScript()
  await expect(attempt).rejects.toMatchObject({ code: "tokeniser_missing" })
})

it("passes on the tokeniser's refusal", async () => {
  ;(window as Win).VorexyCard = {
    setPublicKey: () => {},
    encrypt: () => Promise.reject(new Error("card number fails the Luhn check")),
  }
  await expect(tokenizeCard(CARD, CARD_CONFIG)).rejects.toMatchObject({
    code: "tokeniser_refused",
    reason: "card number fails the Luhn check",
  })
})

it("wakes on visibilitychange to visible and on online", () => {
  const wake = jest.fn()
  const unsubscribe = browserWakeSource(wake)
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true })
  document.dispatchEvent(new Event("visibilitychange"))
  expect(wake).not.toHaveBeenCalled()
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true })
  document.dispatchEvent(new Event("visibilitychange"))
  window.dispatchEvent(new Event("online"))
  expect(wake).toHaveBeenCalledTimes(2)
  unsubscribe()
  window.dispatchEvent(new Event("online"))
  expect(wake).toHaveBeenCalledTimes(2)
})
