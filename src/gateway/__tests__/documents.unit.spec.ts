import {
  classifyDocument,
  isValidCnpj,
  isValidCpf,
  normalisePixKey,
  pixKeyProblem,
} from "../documents"

describe("documents and PIX keys", () => {
  it("checks CPF check digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true)
    expect(isValidCpf("52998224725")).toBe(true)
    expect(isValidCpf("52998224724")).toBe(false)
    expect(isValidCpf("11111111111")).toBe(false)
    expect(isValidCpf("5299822472")).toBe(false)
  })

  it("checks CNPJ check digits", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true)
    expect(isValidCnpj("11222333000182")).toBe(false)
    expect(isValidCnpj("00000000000000")).toBe(false)
  })

  it("classifies a document by length", () => {
    expect(classifyDocument("529.982.247-25")).toEqual({ type: "CPF", number: "52998224725" })
    expect(classifyDocument("11222333000181")).toEqual({ type: "CNPJ", number: "11222333000181" })
    expect(classifyDocument("123")).toBeNull()
  })

  it("validates PIX keys by type", () => {
    expect(pixKeyProblem("CPF", "52998224725")).toBeNull()
    expect(pixKeyProblem("CPF", "52998224724")).toMatch(/CPF/)
    expect(pixKeyProblem("CNPJ", "11222333000181")).toBeNull()
    expect(pixKeyProblem("EMAIL", "ana@example.com")).toBeNull()
    expect(pixKeyProblem("EMAIL", "ana@")).toMatch(/e-mail/)
    expect(pixKeyProblem("PHONE", "+5511987654321")).toBeNull()
    expect(pixKeyProblem("PHONE", "11987654321")).toMatch(/E.164/)
    expect(pixKeyProblem("EVP", "123e4567-e89b-12d3-a456-426614174000")).toBeNull()
    expect(pixKeyProblem("EVP", "not-a-uuid")).toMatch(/UUID/)
  })

  it("normalises keys to the form the gateway expects", () => {
    expect(normalisePixKey("CPF", "529.982.247-25")).toBe("52998224725")
    expect(normalisePixKey("PHONE", "(11) 98765-4321")).toBe("+5511987654321")
    expect(normalisePixKey("PHONE", "+55 11 98765-4321")).toBe("+5511987654321")
    expect(normalisePixKey("EMAIL", " Ana@Example.com ")).toBe("ana@example.com")
  })
})
