/** @jest-environment jsdom */
import { act, render, screen } from "@testing-library/react"
import type { VorexyClient, VorexyFollowOptions } from "../client"
import { VorexyPayment } from "../react/vorexy-payment"
import type { VorexyPaymentStatus } from "../types"
import { boletoStatus, cardStatus, pixStatus } from "./fixtures"

/** A client whose follow() the test drives: it pushes statuses, errors and states by hand. */
function fakeClient() {
  let options: VorexyFollowOptions | undefined
  const stop = jest.fn()
  const follow = jest.fn((_target, given: VorexyFollowOptions) => {
    options = given
    given.onStateChange?.("loading")
    return { stop, state: "loading" as const }
  })
  const client = { follow } as unknown as VorexyClient
  const push = (status: VorexyPaymentStatus) => act(() => options!.onStatus(status))
  const state = (s: Parameters<NonNullable<VorexyFollowOptions["onStateChange"]>>[0]) =>
    act(() => options!.onStateChange?.(s))
  return {
    client,
    follow,
    stop,
    push,
    state,
    error: (e: unknown) => act(() => options!.onError?.(e)),
  }
}

const now = () => Date.parse("2026-03-10T15:00:00.000Z")

it("announces loading, then shows the view for the method", () => {
  const fake = fakeClient()
  const { container } = render(
    <VorexyPayment client={fake.client} target={{ orderId: "order_01" }} now={now} />
  )
  expect(fake.follow).toHaveBeenCalledWith({ orderId: "order_01" }, expect.anything())
  const notice = container.querySelector(".vorexy-payment__notice")!
  expect(notice.getAttribute("aria-live")).toBe("polite")
  expect(notice.textContent).toBe("Carregando o pagamento…")

  fake.push(pixStatus())
  expect(container.querySelector(".vorexy-pix")).toBeTruthy()
  expect(notice.textContent).toBe("")
  fake.push(boletoStatus())
  expect(container.querySelector(".vorexy-boleto")).toBeTruthy()
  fake.push(cardStatus())
  expect(container.querySelector(".vorexy-card-status")).toBeTruthy()
})

it("announces the payment in the live status and calls onPaid once", () => {
  const fake = fakeClient()
  const onPaid = jest.fn()
  const { container, rerender } = render(
    <VorexyPayment
      client={fake.client}
      target={{ orderId: "order_01" }}
      onPaid={onPaid}
      now={now}
      locale="en"
    />
  )
  fake.push(pixStatus())
  const status = container.querySelector(".vorexy-pix .vorexy-status")!
  expect(status.getAttribute("role")).toBe("status")
  expect(status.textContent).toBe("Awaiting payment")
  fake.push(pixStatus({ status: "paid", paid: true, payable: false }))
  // The same live element, so the change is announced.
  expect(container.querySelector(".vorexy-pix .vorexy-status")).toBe(status)
  expect(status.textContent).toBe("Payment confirmed")
  expect(container.firstElementChild?.getAttribute("data-state")).toBe("paid")
  rerender(
    <VorexyPayment
      client={fake.client}
      target={{ orderId: "order_01" }}
      onPaid={onPaid}
      now={now}
      locale="en"
    />
  )
  expect(onPaid).toHaveBeenCalledTimes(1)
  expect(onPaid.mock.calls[0][0]).toMatchObject({ paid: true })
})

it("hands each status to the page around it (onStatus), so it needs no long-poll of its own", () => {
  const fake = fakeClient()
  const onStatus = jest.fn()
  render(
    <VorexyPayment
      client={fake.client}
      target={{ orderId: "order_01" }}
      onStatus={onStatus}
      now={now}
    />
  )
  fake.push(pixStatus())
  fake.push(pixStatus({ status: "paid", paid: true, payable: false }))
  expect(onStatus.mock.calls.map(([s]) => s.status)).toEqual(["pending", "paid"])
})

it("says it is retrying, and when the payment cannot be found", () => {
  const fake = fakeClient()
  const { container } = render(
    <VorexyPayment client={fake.client} target={{ orderId: "order_01" }} locale="en" />
  )
  fake.state("backoff")
  expect(screen.getByText(/trying again/)).toBeTruthy()
  fake.error(new Error("404"))
  fake.state("done")
  expect(screen.getByText("This payment could not be loaded.")).toBeTruthy()
  expect(container.firstElementChild?.getAttribute("aria-busy")).toBe("false")
})

it("does not restart for an equal target, and stops on unmount", () => {
  const fake = fakeClient()
  const { rerender, unmount } = render(
    <VorexyPayment client={fake.client} target={{ paymentSessionId: "payses_1" }} />
  )
  rerender(<VorexyPayment client={fake.client} target={{ paymentSessionId: "payses_1" }} />)
  expect(fake.follow).toHaveBeenCalledTimes(1)
  rerender(<VorexyPayment client={fake.client} target={{ paymentSessionId: "payses_2" }} />)
  expect(fake.follow).toHaveBeenCalledTimes(2)
  expect(fake.stop).toHaveBeenCalledTimes(1)
  unmount()
  expect(fake.stop).toHaveBeenCalledTimes(2)
})

it("calls onCaptured once, when the store has captured the order, not at paid", () => {
  const fake = fakeClient()
  const onCaptured = jest.fn()
  const onPaid = jest.fn()
  render(
    <VorexyPayment
      client={fake.client}
      target={{ orderId: "order_01" }}
      onPaid={onPaid}
      onCaptured={onCaptured}
      now={now}
    />
  )
  fake.push(pixStatus({ order_captured: false }))
  fake.push(pixStatus({ status: "paid", paid: true, payable: false, order_captured: false }))
  expect(onPaid).toHaveBeenCalledTimes(1)
  expect(onCaptured).not.toHaveBeenCalled()
  fake.push(pixStatus({ status: "paid", paid: true, payable: false, order_captured: true }))
  fake.push(pixStatus({ status: "paid", paid: true, payable: false, order_captured: true }))
  expect(onCaptured).toHaveBeenCalledTimes(1)
  expect(onCaptured.mock.calls[0][0]).toMatchObject({ paid: true, order_captured: true })
})

it("calls onCaptured at paid when the server does not say whether it captured", () => {
  const fake = fakeClient()
  const onCaptured = jest.fn()
  render(
    <VorexyPayment
      client={fake.client}
      target={{ orderId: "order_01" }}
      onCaptured={onCaptured}
      now={now}
    />
  )
  fake.push(pixStatus())
  expect(onCaptured).not.toHaveBeenCalled()
  fake.push(pixStatus({ status: "paid", paid: true, payable: false }))
  expect(onCaptured).toHaveBeenCalledTimes(1)
})

describe("a new PIX or boleto for the same order", () => {
  const lapsed = pixStatus({
    status: "cancelled",
    payable: false,
    qr_code: null,
    qr_code_image: null,
    expires_at: "2026-03-10T14:50:00.000Z",
    renewable_until: "2026-03-11T15:00:00.000Z",
    renewals_left: 2,
  })

  it("offers 'Gerar novo PIX' on a lapsed PIX, makes it, and follows the new charge", async () => {
    const fake = fakeClient()
    const renewCharge = jest.fn(async () => pixStatus({ transaction_id: "tx_02" }))
    Object.assign(fake.client, { renewCharge })
    const { container } = render(
      <VorexyPayment
        client={fake.client}
        target={{ orderId: "order_01" }}
        now={now}
        orderToken="v1.token-from-the-email"
      />
    )
    fake.push(lapsed)
    // The offer says until when, in Brasília time.
    expect(container.textContent).toContain(
      "Você pode gerar um novo código PIX para este mesmo pedido até 11/03/2026, 12:00."
    )
    const button = screen.getByRole("button", { name: "Gerar novo PIX" })
    expect(fake.follow).toHaveBeenCalledTimes(1)
    await act(async () => button.click())
    // The order's token from the e-mail's link goes with the ask.
    expect(renewCharge).toHaveBeenCalledWith("order_01", "v1.token-from-the-email")
    // Followed afresh: the new charge is what the page shows next.
    expect(fake.follow).toHaveBeenCalledTimes(2)
    fake.push(pixStatus({ transaction_id: "tx_02" }))
    expect(container.querySelector(".vorexy-pix")!.getAttribute("data-state")).toBe("pending")
    expect(screen.queryByRole("button", { name: "Gerar novo PIX" })).toBeNull()
  })

  it("says why when the store refuses, and offers nothing once the window or the renewals are over", async () => {
    const fake = fakeClient()
    const renewCharge = jest.fn(async () => {
      throw new Error("The time to issue a new PIX for this order has ended")
    })
    Object.assign(fake.client, { renewCharge })
    const { container } = render(
      <VorexyPayment client={fake.client} target={{ orderId: "order_01" }} now={now} />
    )
    fake.push(lapsed)
    await act(async () => screen.getByRole("button", { name: "Gerar novo PIX" }).click())
    // In the shopper's language, never the store's English.
    expect(screen.getByRole("alert").textContent).toBe(
      "Não foi possível gerar: Terminou o prazo para gerar um novo pagamento para este pedido: faça um novo pedido."
    )
    expect(fake.follow).toHaveBeenCalledTimes(1)

    fake.push({ ...lapsed, renewable_until: "2026-03-10T14:59:00.000Z" })
    expect(screen.queryByRole("button")).toBeNull()
    expect(container.textContent).toContain("Faça um novo pedido para gerar outro.")
    fake.push({ ...lapsed, renewals_left: 0 })
    expect(screen.queryByRole("button")).toBeNull()
  })

  it("asks the shopper, in words, to open the latest e-mail or log in when the store wants the order's token", async () => {
    const fake = fakeClient()
    const renewCharge = jest.fn(async () => {
      throw new Error(
        "Asking for a new payment for this order needs the link in its latest payment e-mail, or the account that placed it: open the order from the latest e-mail, or log in, and try again."
      )
    })
    Object.assign(fake.client, { renewCharge })
    render(<VorexyPayment client={fake.client} target={{ orderId: "order_01" }} now={now} />)
    fake.push(lapsed)
    await act(async () => screen.getByRole("button", { name: "Gerar novo PIX" }).click())
    expect(renewCharge).toHaveBeenCalledWith("order_01", undefined)
    expect(screen.getByRole("alert").textContent).toBe(
      "Não foi possível gerar: Para gerar um novo pagamento, abra o pedido pelo link do último e-mail de pagamento ou entre na sua conta."
    )
  })

  it("offers a boleto's 2ª via, in English too", () => {
    const fake = fakeClient()
    Object.assign(fake.client, { renewCharge: jest.fn() })
    render(
      <VorexyPayment client={fake.client} target={{ orderId: "order_01" }} now={now} locale="en" />
    )
    fake.push(boletoStatus({ ...lapsed, method: "boleto" }))
    expect(screen.getByRole("button", { name: "Get a new boleto" })).toBeTruthy()
  })
})

it("says at its root what its PIX view says: closing once the countdown is over", () => {
  const fake = fakeClient()
  const late = () => Date.parse("2026-03-10T15:20:00.000Z") // the code ran out at 15:15
  const { container } = render(
    <VorexyPayment client={fake.client} target={{ orderId: "order_01" }} now={late} />
  )
  fake.push(pixStatus())
  expect(container.querySelector(".vorexy-pix")!.getAttribute("data-state")).toBe("closing")
  expect(container.firstElementChild!.getAttribute("data-state")).toBe("closing")
})
