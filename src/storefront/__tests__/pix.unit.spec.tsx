/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react"
import { VorexyPix } from "../react/vorexy-pix"
import { PIX_CODE, pixStatus, plain } from "./fixtures"

const EXPIRES = Date.parse("2026-03-10T15:15:00.000Z")
const root = (container: HTMLElement) => container.querySelector(".vorexy-pix")!
const countdown = (container: HTMLElement) =>
  container.querySelector(".vorexy-countdown__time")?.textContent

describe("countdown", () => {
  beforeEach(() => {
    jest.useFakeTimers()
    jest.setSystemTime(EXPIRES - 15 * 60_000)
  })
  afterEach(() => jest.useRealTimers())

  it("ticks down each second and, at 0, offers nothing while the store has not closed it", () => {
    const { container } = render(<VorexyPix status={pixStatus()} />)
    expect(countdown(container)).toBe("15:00")
    act(() => jest.advanceTimersByTime(1000))
    expect(countdown(container)).toBe("14:59")
    act(() => jest.advanceTimersByTime(60_000))
    expect(countdown(container)).toBe("13:59")
    expect(root(container).getAttribute("data-state")).toBe("pending")

    act(() => jest.advanceTimersByTime(13 * 60_000 + 58_000))
    expect(countdown(container)).toBe("00:01")
    act(() => jest.advanceTimersByTime(1000))
    // A payment in its last moments may still be confirmed: no code, no "expired", nothing new.
    expect(root(container).getAttribute("data-state")).toBe("closing")
    expect(container.querySelector(".vorexy-status")?.textContent).toBe("Prazo encerrado")
    expect(container.querySelector(".vorexy-pix__code")).toBeNull()
    expect(container.querySelector("img")).toBeNull()
    expect(screen.getByText(/Se você já pagou, aguarde/)).toBeTruthy()
    expect(screen.queryByText(/Este código PIX expirou/)).toBeNull()
  })

  it("counts down on the store's clock, whatever the device's says", () => {
    // The device's clock is 5 minutes fast; the store's answer says so.
    jest.setSystemTime(EXPIRES - 10 * 60_000 + 5 * 60_000)
    const status = pixStatus({ clock_offset_ms: -5 * 60_000 })
    const { container } = render(<VorexyPix status={status} />)
    expect(countdown(container)).toBe("10:00")
    expect(root(container).getAttribute("data-state")).toBe("pending")
  })

  it("offers a new PIX only once the store says the code can no longer be paid", () => {
    jest.setSystemTime(EXPIRES + 60_000)
    const renewable = { renewable_until: "2026-03-11T15:00:00.000Z", renewals_left: 2 }
    const onRenew = jest.fn(async () => undefined)
    const { rerender } = render(<VorexyPix status={pixStatus(renewable)} onRenew={onRenew} />)
    expect(screen.queryByRole("button", { name: "Gerar novo PIX" })).toBeNull()
    rerender(
      <VorexyPix
        status={pixStatus({ ...renewable, payable: false, status: "cancelled" })}
        onRenew={onRenew}
      />
    )
    expect(screen.getByRole("button", { name: "Gerar novo PIX" })).toBeTruthy()
  })

  it("shows hours past one hour", () => {
    jest.setSystemTime(EXPIRES - (26 * 3600 + 5) * 1000)
    const { container } = render(<VorexyPix status={pixStatus()} />)
    expect(countdown(container)).toBe("26:00:05")
  })
})

it("shows the QR, the amount, the code and three steps while it can be paid", () => {
  const { container } = render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
  const qr = screen.getByRole("img") as HTMLImageElement
  expect(qr.src).toBe("data:image/png;base64,iVBORw0KGgo=")
  expect(plain(qr.alt)).toBe("QR code do PIX de R$ 99,90")
  expect(plain(container.querySelector(".vorexy-amount__value")?.textContent)).toBe("R$ 99,90")
  const code = screen.getByLabelText("PIX copia e cola") as HTMLTextAreaElement
  expect(code.value).toBe(PIX_CODE)
  expect(code.readOnly).toBe(true)
  expect(code.classList).toContain("vorexy-pix__code")
  expect(container.querySelectorAll(".vorexy-steps li")).toHaveLength(3)
  expect(screen.getByRole("heading", { name: "Como pagar" })).toBeTruthy()
})

it("flips to paid, and to expired, from the status alone", () => {
  const now = () => EXPIRES - 60_000
  const { container, rerender } = render(<VorexyPix status={pixStatus()} now={now} locale="en" />)
  rerender(
    <VorexyPix
      status={pixStatus({ status: "paid", paid: true, payable: false })}
      now={now}
      locale="en"
    />
  )
  expect(root(container).getAttribute("data-state")).toBe("paid")
  expect(screen.getByText("Payment confirmed")).toBeTruthy()
  expect(container.querySelector(".vorexy-pix__code")).toBeNull()

  rerender(
    <VorexyPix
      status={pixStatus({ status: "cancelled", payable: false, qr_code: null })}
      now={now}
      locale="en"
    />
  )
  expect(root(container).getAttribute("data-state")).toBe("expired")
  expect(screen.getByText(/This PIX code has expired/)).toBeTruthy()

  rerender(
    <VorexyPix
      status={pixStatus({ payable: false, status: "cancelled", closed_reason: "order_canceled" })}
      now={now}
      locale="en"
    />
  )
  expect(root(container).getAttribute("data-state")).toBe("cancelled")
})

describe("copy", () => {
  const setClipboard = (clipboard: unknown) =>
    Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true })
  afterEach(() => setClipboard(undefined))

  const copyButton = () => screen.getByRole("button", { name: "Copiar código" })
  const codeField = () => screen.getByLabelText("PIX copia e cola") as HTMLTextAreaElement

  it("copies with the Clipboard API and says so", async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    setClipboard({ writeText })
    render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
    await act(async () => fireEvent.click(copyButton()))
    expect(writeText).toHaveBeenCalledWith(PIX_CODE)
    expect(screen.getByText("Copiado!")).toBeTruthy()
    expect(screen.queryByText(/Ctrl\+C/)).toBeNull()
  })

  it.each([
    ["missing", undefined],
    [
      "refusing",
      { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    ],
  ])("selects the code and asks for Ctrl+C / ⌘C when the clipboard is %s", async (_, clipboard) => {
    setClipboard(clipboard)
    render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
    await act(async () => fireEvent.click(copyButton()))
    const field = codeField()
    expect(document.activeElement).toBe(field)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, PIX_CODE.length])
    expect(screen.getByText(/Ctrl\+C \(⌘C no Mac\)/)).toBeTruthy()
    expect(screen.queryByText("Copiado!")).toBeNull()
  })
})

describe("share on WhatsApp", () => {
  const now = () => EXPIRES - 60_000
  /** The message the link's chat opens with. */
  const sharedText = (link: HTMLAnchorElement) => {
    const url = new URL(link.href)
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/")
    return url.searchParams.get("text")
  }

  it("shares the amount, the code and the order page, in a new window", () => {
    render(
      <VorexyPix status={pixStatus()} now={now} shareUrl="https://loja.example/pedido/o_1?t=abc" />
    )
    const link = screen.getByRole("link", { name: /Compartilhar no WhatsApp/ }) as HTMLAnchorElement
    expect([link.target, link.rel]).toEqual(["_blank", "noopener noreferrer"])
    expect(plain(sharedText(link))).toBe(
      plain(
        `PIX de R$ 99,90 para pagar o pedido. Código copia e cola:\n${PIX_CODE}\n\n` +
          "Acompanhe o pedido: https://loja.example/pedido/o_1?t=abc"
      )
    )
  })

  it("shares the order page without the order's token: a forwarded link only reads", () => {
    render(
      <VorexyPix
        status={pixStatus()}
        now={now}
        shareUrl="https://loja.example/pedido/o_1?vorexy_token=v1.secret&t=abc#pagar"
      />
    )
    const link = screen.getByRole("link", { name: /Compartilhar no WhatsApp/ }) as HTMLAnchorElement
    const text = sharedText(link)!
    expect(text).toContain("Acompanhe o pedido: https://loja.example/pedido/o_1?t=abc#pagar")
    expect(text).not.toMatch(/vorexy_token|secret/)
  })

  it("shares only the code without a page, or with one that is not http(s); in English too", () => {
    render(<VorexyPix status={pixStatus()} now={now} locale="en" shareUrl="javascript:alert(1)" />)
    const link = screen.getByRole("link", { name: /Share on WhatsApp/ }) as HTMLAnchorElement
    const text = sharedText(link)!
    expect(text).toContain(PIX_CODE)
    expect(text).not.toMatch(/javascript|Follow the order/)
  })

  it("is not offered once the code cannot be paid", () => {
    render(
      <VorexyPix status={pixStatus({ status: "paid", paid: true, payable: false })} now={now} />
    )
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).toBeNull()
  })
})

describe("on a touch screen", () => {
  const setMatchMedia = (value: unknown) =>
    Object.defineProperty(window, "matchMedia", { value, configurable: true, writable: true })
  afterEach(() => setMatchMedia(undefined))
  const codeComesFirst = () =>
    Boolean(
      screen
        .getByRole("button", { name: "Copiar código" })
        .compareDocumentPosition(screen.getByRole("img")) & Node.DOCUMENT_POSITION_FOLLOWING
    )

  it("puts the code to copy before the QR code, in the page's own order (screen readers too)", () => {
    const matchMedia = jest.fn().mockReturnValue({
      matches: true,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    })
    setMatchMedia(matchMedia)
    render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
    expect(matchMedia).toHaveBeenCalledWith("(pointer: coarse)")
    expect(codeComesFirst()).toBe(true)
  })

  it("keeps the QR code first with a mouse, or where the browser cannot tell", () => {
    setMatchMedia(() => ({ matches: false }))
    const { unmount } = render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
    expect(codeComesFirst()).toBe(false)
    unmount()
    setMatchMedia(undefined)
    render(<VorexyPix status={pixStatus()} now={() => EXPIRES - 60_000} />)
    expect(codeComesFirst()).toBe(false)
  })
})
