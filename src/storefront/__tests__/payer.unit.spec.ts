import { documentProblem, formatDocument, formatPhone, payerProblems, sessionData } from "../payer"

const PAYER = {
  name: "Maria Silva",
  email: "maria@example.com",
  document: "529.982.247-25",
  phone: "(11) 98765-4321",
}

it.each([
  ["529", "529"],
  ["5299", "529.9"],
  ["529982247", "529.982.247"],
  ["5299822472", "529.982.247-2"],
  ["52998224725", "529.982.247-25"],
  ["529.982.247-25", "529.982.247-25"],
  ["112223330001", "11.222.333/0001"],
  ["11222333000181", "11.222.333/0001-81"],
  ["11222333000181999", "11.222.333/0001-81"],
  ["12abc34501de35", "12.ABC.345/01DE-35"],
  ["12.ABC", "12.ABC"],
  ["12abc345", "12.ABC.345"],
  ["12ABC34501DE", "12.ABC.345/01DE"],
])("masks %s as %s while typing", (typed, shown) => {
  expect(formatDocument(typed)).toBe(shown)
})

it("masks phones with 8 or 9 digits, dropping +55", () => {
  expect(formatPhone("11987654321")).toBe("(11) 98765-4321")
  expect(formatPhone("1134567890")).toBe("(11) 3456-7890")
  expect(formatPhone("+55 11 98765-4321")).toBe("(11) 98765-4321")
  expect(formatPhone("119")).toBe("(11) 9")
})

it("checks CPF and CNPJ check digits, numeric and alphanumeric", () => {
  expect(documentProblem("529.982.247-25")).toBeNull()
  expect(documentProblem("11.222.333/0001-81")).toBeNull()
  expect(documentProblem("12.ABC.345/01DE-35")).toBeNull()
  expect(documentProblem("529.982.247-26")).toBe("CPF inválido: confira os dígitos.")
  expect(documentProblem("111.111.111-11", "en")).toBe("Invalid CPF: check the digits.")
  expect(documentProblem("11.222.333/0001-82", "en")).toBe("Invalid CNPJ: check the characters.")
  expect(documentProblem("529.982", "en")).toBe("A CPF has 11 digits and a CNPJ 14 characters.")
  expect(documentProblem("", "en")).toBe("Enter the CPF or CNPJ.")
})

it("lists each field's problem, in the shopper's language", () => {
  expect(payerProblems(PAYER)).toEqual({})
  expect(
    payerProblems({ name: " ", email: "maria@", document: "123", phone: "9876" }, "en")
  ).toEqual({
    name: "Enter your full name.",
    email: "Enter a valid e-mail address, such as name@example.com.",
    document: "A CPF has 11 digits and a CNPJ 14 characters.",
    phone: "Enter the area code and the 8- or 9-digit number.",
  })
  expect(payerProblems({ ...PAYER, email: "maria @example.com" }).email).toBeDefined()
  expect(payerProblems({ ...PAYER, phone: "+55 11 98765-4321" })).toEqual({})
})

it("builds the session data the plugin reads, with the card's token when there is one", () => {
  expect(sessionData({ ...PAYER, name: "  Maria   Silva " })).toEqual({
    name: "Maria Silva",
    email: "maria@example.com",
    document: "52998224725",
    phone: "11987654321",
  })
  expect(
    sessionData(
      { ...PAYER, document: "12.abc.345/01de-35" },
      { card_token: "tok_1", installments: 3 }
    )
  ).toMatchObject({ document: "12ABC34501DE35", card_token: "tok_1", installments: 3 })
})
