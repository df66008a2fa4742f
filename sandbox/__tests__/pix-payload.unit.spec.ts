import { getPixPayloadInfo } from "@brazilian-utils/brazilian-utils/get-pix-payload-info"
import { isValidPixPayload } from "@brazilian-utils/brazilian-utils/is-valid-pix-payload"
import { buildPixPayload, crc16, parsePixPayload } from "../pix-payload"

describe("PIX copy-and-paste payload", () => {
  it("computes CRC-16/CCITT-FALSE", () => {
    // The standard check value of the algorithm.
    expect(crc16("123456789")).toBe("29B1")
  })

  it("validates the BR Code manual's example payload", () => {
    const example =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"
    expect(parsePixPayload(example).crcValid).toBe(true)
    expect(parsePixPayload(example.replace("Fulano", "Fulana")).crcValid).toBe(false)
  })

  it("builds a dynamic payload with the amount and a valid CRC", () => {
    const payload = buildPixPayload({
      location: "pix.example/qr/v2/abc",
      amountCents: 1999,
      merchantName: "Loja São João",
      merchantCity: "São Paulo",
    })
    const { fields, crcValid } = parsePixPayload(payload)
    expect(crcValid).toBe(true)
    expect(fields).toMatchObject({
      "00": "01",
      "01": "12",
      "53": "986",
      "54": "19.99",
      "58": "BR",
      "59": "LOJA SAO JOAO",
      "60": "SAO PAULO",
    })
    expect(fields["26"]).toContain("br.gov.bcb.pix")
    expect(
      parsePixPayload(
        buildPixPayload({ location: "x", amountCents: 5, merchantName: "A", merchantCity: "B" })
      ).fields["54"]
    ).toBe("0.05")
  })
})

/** A seeded generator, so a failing sample is the same on every run. */
function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return (state >>> 8) % below
  }
}

describe("the sandbox's PIX payloads, read by @brazilian-utils", () => {
  const random = seeded(12)
  // Company names as stores write them: accents, ampersands, long ones the payload truncates.
  const NAMES = ["Loja Demo Ltda", "Café & Cia", "Ação Brasileira de Óculos e Lentes S.A.", "Zé"]
  const CITIES = ["Sao Paulo", "São João del-Rei", "Florianópolis do Sul e Norte", "Itu"]
  const hex = () => Array.from({ length: 32 }, () => random(16).toString(16)).join("")
  const payloads = Array.from({ length: 2000 }, () => {
    const input = {
      // As the sandbox's ledger writes it: its host, then the charge id's hex.
      location: `pix.sandbox.vorexy.local/qr/v2/${hex()}`,
      amountCents: 1 + random(10 ** (1 + random(8))),
      merchantName: NAMES[random(NAMES.length)],
      merchantCity: CITIES[random(CITIES.length)],
    }
    return { input, payload: buildPixPayload(input) }
  })

  it("builds dynamic payloads the library validates, with the location, name and city", () => {
    const ascii = (text: string, max: number) =>
      text
        .normalize("NFD")
        .replace(/[^A-Za-z0-9 .-]/g, "")
        .toUpperCase()
        .slice(0, max)
    for (const { input, payload } of payloads) {
      expect([payload, isValidPixPayload(payload)]).toEqual([payload, true])
      expect(getPixPayloadInfo(payload)).toEqual({
        url: input.location,
        merchantName: ascii(input.merchantName, 25),
        merchantCity: ascii(input.merchantCity, 15),
        pointOfInitiation: "dynamic",
      })
      // The library ignores a dynamic payload's amount (the location rules); ours still states it.
      expect(Math.round(Number(parsePixPayload(payload).fields["54"]) * 100)).toBe(
        input.amountCents
      )
    }
  })

  it("agrees with the library that any one character changed breaks a payload", () => {
    for (const { payload } of payloads.slice(0, 40)) {
      for (let at = 0; at < payload.length; at++) {
        const character = payload[at] === "0" ? "1" : "0"
        const changed = payload.slice(0, at) + character + payload.slice(at + 1)
        expect([changed, isValidPixPayload(changed), parsePixPayload(changed).crcValid]).toEqual([
          changed,
          false,
          false,
        ])
      }
    }
  })
})
