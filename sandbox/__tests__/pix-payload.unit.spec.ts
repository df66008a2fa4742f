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
