/** @jest-environment jsdom */
import { fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { VorexyPayerForm } from "../react/vorexy-payer-form"
import type { VorexyLocale, VorexyPayer } from "../types"

const EMPTY: VorexyPayer = { name: "", email: "", document: "", phone: "" }

/** The form as a store uses it: controlled, remembering the last `valid` flag. */
function Harness(props: {
  locale?: VorexyLocale
  showErrors?: boolean
  onValid: (v: boolean) => void
}) {
  const [payer, setPayer] = useState(EMPTY)
  return (
    <VorexyPayerForm
      value={payer}
      locale={props.locale}
      showErrors={props.showErrors}
      idPrefix="checkout"
      onChange={(next, valid) => {
        setPayer(next)
        props.onValid(valid)
      }}
    />
  )
}

const type = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
  return input as HTMLInputElement
}

it("binds labels, autocomplete and inputmode to named inputs", () => {
  render(<Harness onValid={() => {}} />)
  const name = screen.getByLabelText("Nome completo")
  expect(name).toHaveProperty("name", "name")
  expect(name.id).toBe("checkout-name")
  expect(name.getAttribute("autocomplete")).toBe("name")
  const email = screen.getByLabelText("E-mail")
  expect([email.getAttribute("type"), email.getAttribute("inputmode")]).toEqual(["email", "email"])
  expect(screen.getByLabelText("CPF ou CNPJ")).toHaveProperty("name", "document")
  const phone = screen.getByLabelText("Celular com DDD")
  expect([phone.getAttribute("name"), phone.getAttribute("inputmode")]).toEqual(["phone", "tel"])
})

it("refuses a CPF with a wrong check digit, linking the error to the field", () => {
  render(<Harness locale="en" onValid={() => {}} />)
  const document = type(/CPF or CNPJ/, "52998224726")
  expect(document.value).toBe("529.982.247-26")
  expect(document.getAttribute("aria-invalid")).toBe("true")
  const error = window.document.getElementById(document.getAttribute("aria-describedby")!)
  expect(error?.textContent).toBe("Invalid CPF: check the digits.")
})

it.each([
  ["52998224725", "529.982.247-25"],
  ["11222333000181", "11.222.333/0001-81"],
  ["12abc34501de35", "12.ABC.345/01DE-35"],
])("accepts and masks the document %s", (typed, shown) => {
  render(<Harness onValid={() => {}} />)
  const document = type(/CPF ou CNPJ/, typed)
  expect(document.value).toBe(shown)
  expect(document.getAttribute("aria-invalid")).toBeNull()
  expect(document.getAttribute("aria-describedby")).toBeNull()
})

it("checks the e-mail and the phone, and says valid only when everything is", () => {
  const onValid = jest.fn()
  render(<Harness locale="en" onValid={onValid} />)
  type(/Full name/, "Maria Silva")
  type(/E-mail/, "maria@example")
  expect(screen.getByText(/valid e-mail address/)).toBeTruthy()
  type(/CPF or CNPJ/, "529.982.247-25")
  type(/Mobile phone/, "1198765")
  expect(screen.getByText(/area code and the 8- or 9-digit number/)).toBeTruthy()
  expect(onValid).toHaveBeenLastCalledWith(false)

  type(/E-mail/, "maria@example.com")
  const phone = type(/Mobile phone/, "11987654321")
  expect(phone.value).toBe("(11) 98765-4321")
  expect(onValid).toHaveBeenLastCalledWith(true)
  expect(screen.queryAllByRole("textbox").filter((i) => i.getAttribute("aria-invalid"))).toEqual([])
})

it("hides errors until a field is left, unless showErrors", () => {
  const { unmount } = render(<Harness onValid={() => {}} />)
  expect(screen.queryByText("Informe seu nome completo.")).toBeNull()
  unmount()
  render(<Harness showErrors onValid={() => {}} />)
  expect(screen.getByText("Informe seu nome completo.")).toBeTruthy()
  expect(screen.getByText("Informe o CPF ou o CNPJ.")).toBeTruthy()
})
