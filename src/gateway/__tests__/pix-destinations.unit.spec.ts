import {
  findPixDestination,
  maskPixKey,
  pixDestinationId,
  readPixDestinations,
} from "../pix-destinations"

describe("withdrawal destinations", () => {
  it("reads the env form and keeps each key as the admin's form normalises it", () => {
    const read = readPixDestinations(
      "EMAIL:Financeiro@Loja.com.br, phone:+55 (11) 98765-4321,CPF:529.982.247-25,EMAIL:financeiro@loja.com.br"
    )
    expect(read).toEqual({
      problem: null,
      destinations: [
        { type: "EMAIL", key: "financeiro@loja.com.br" },
        { type: "PHONE", key: "+5511987654321" },
        { type: "CPF", key: "52998224725" },
      ],
    })
    const list = read.destinations!
    expect(findPixDestination(list, { type: "PHONE", key: "+5511987654321" })).toBeDefined()
    expect(findPixDestination(list, { type: "EMAIL", key: "+5511987654321" })).toBeUndefined()
    expect(pixDestinationId(list[0])).toMatch(/^pixdest_[0-9a-f]{16}$/)
    expect(pixDestinationId(list[0])).not.toBe(pixDestinationId(list[1]))
  })

  it("takes the list form from code too", () => {
    expect(
      readPixDestinations([{ type: "EVP", key: "3F1C5A2E-9B7D-4C1E-8A6F-2D4B9E0C7A15" }])
    ).toEqual({
      problem: null,
      destinations: [{ type: "EVP", key: "3f1c5a2e-9b7d-4c1e-8a6f-2d4b9e0c7a15" }],
    })
  })

  it.each([
    [
      "a key that is not one of its type",
      "CPF:529.982.247-24",
      /entry 1: the CPF key is not a valid CPF/,
    ],
    ["an unknown type", "IBAN:123", /entry 1: the type is one of CPF, CNPJ, EMAIL, PHONE, EVP/],
    [
      "a missing key",
      "EMAIL:a@b.co,EMAIL",
      /entry 2: the type is one of|entry 2: the key is missing/,
    ],
    ["a stray character", "PHONE:1198765432l", /contains "l"/],
    ["more than 20 keys", Array(21).fill("EMAIL:a@b.co").join(","), /at most 20 keys/],
  ])("refuses %s without repeating the key", (_label, text, message) => {
    const read = readPixDestinations(text)
    expect(read.problem).toMatch(message)
    expect(read.problem).not.toContain("529.982")
  })

  it("masks a key so it can be recognised, not copied", () => {
    expect(maskPixKey("EMAIL", "financeiro@loja.com.br")).toBe("f***@loja.com.br")
    expect(maskPixKey("PHONE", "+5511987654321")).toBe("+5511*****4321")
    expect(maskPixKey("CPF", "52998224725")).toBe("***.***.*247-25")
    expect(maskPixKey("CNPJ", "11222333000181")).toBe("**.***.***/0001-81")
    expect(maskPixKey("EVP", "3f1c5a2e-9b7d-4c1e-8a6f-2d4b9e0c7a15")).toBe("****7a15")
    expect(maskPixKey(null, null)).toBeNull()
  })
})
