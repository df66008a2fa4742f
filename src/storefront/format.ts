/** Money, dates and the countdown as the shopper reads them (Intl, per locale). */
import type { VorexyLocale } from "./types.js"

/** The plugin's charges are in Brazil: due dates are days in Brasília. */
export const BRAZIL_TIME_ZONE = "America/Sao_Paulo"

export function formatMoney(cents: number, currency = "brl", locale: VorexyLocale = "pt-BR") {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
  }).format(cents / 100)
}

/** A date in Brasília time whatever the shopper's zone, with `parts` of it; the text as given when unreadable. */
function inBrasilia(iso: string, locale: VorexyLocale, parts: Intl.DateTimeFormatOptions) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const day = { day: "2-digit", month: "2-digit", year: "numeric" } as const
  return new Intl.DateTimeFormat(locale, { ...day, ...parts, timeZone: BRAZIL_TIME_ZONE }).format(
    date
  )
}

/** A day as 25/11/2026 (pt-BR) or 11/25/2026 (en), in Brasília whatever the shopper's zone. */
export const formatDay = (iso: string, locale: VorexyLocale = "pt-BR") =>
  inBrasilia(iso, locale, {})

/** A moment as 25/11/2026 15:10 (pt-BR) or 11/25/2026, 3:10 PM (en), Brasília time. */
export const formatDateTime = (iso: string, locale: VorexyLocale = "pt-BR") =>
  inBrasilia(iso, locale, { hour: "2-digit", minute: "2-digit" })

/** The store's time for a device's (ms), by the offset the client noted with the status. */
export const storeTime = (status: { clock_offset_ms?: number }, deviceNow: number) =>
  deviceNow + (status.clock_offset_ms ?? 0)

/** Whole seconds left (rounded up, so 0 means really over), never negative. */
export const secondsLeft = (expiresAt: string, now: number) =>
  Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000))

/** mm:ss under an hour, hh:mm:ss from there (hours may pass 24: a PIX can last days). */
export function formatCountdown(seconds: number) {
  const two = (n: number) => String(n).padStart(2, "0")
  const s = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(s / 3600)
  const rest = `${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
  return hours ? `${two(hours)}:${rest}` : rest
}

/** ISO 8601 duration for <time dateTime>, e.g. PT14M59S. */
export const isoDuration = (seconds: number) =>
  `PT${Math.floor(seconds / 3600)}H${Math.floor((seconds % 3600) / 60)}M${seconds % 60}S`

/** A link the page may follow: http(s) only (never `javascript:` or `data:`), else null. */
export function safeLink(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null
}

/**
 * The query parameter of an order page link that carries the order's token (the store's e-mails
 * add it: it lets its holder ask for a new PIX or boleto). Named as the backend names it.
 */
export const ORDER_TOKEN_PARAM = "vorexy_token"

/** An http(s) link with the order's token taken out: a page to read, safe to forward. */
export function viewOnlyLink(url: string | null | undefined): string | null {
  const link = safeLink(url)
  if (!link) return link
  // Always parsed: the parameter's name may come percent-encoded (vorexy%5Ftoken).
  try {
    const parsed = new URL(link)
    parsed.searchParams.delete(ORDER_TOKEN_PARAM)
    return parsed.toString()
  } catch {
    return null
  }
}

/**
 * The order's token from the page's address (the e-mail link's `?vorexy_token=…`), for the order
 * page to pass to `renewCharge`. It is taken out of the address bar (so it is not shared, bookmarked,
 * or sent with the page's URL to analytics or in a Referer) and kept for this tab. Browser only:
 * call it in an effect; null on the server.
 */
export function takeOrderToken(orderId: string): string | null {
  if (typeof window === "undefined") return null
  const key = `${ORDER_TOKEN_PARAM}:${orderId}`
  try {
    const url = new URL(window.location.href)
    const fromLink = url.searchParams.get(ORDER_TOKEN_PARAM)
    if (!fromLink) return window.sessionStorage.getItem(key)
    window.sessionStorage.setItem(key, fromLink)
    url.searchParams.delete(ORDER_TOKEN_PARAM)
    window.history.replaceState(window.history.state, "", url.toString())
    return fromLink
  } catch {
    // Storage refused (a private window): the token still serves this page.
    return new URLSearchParams(window.location.search).get(ORDER_TOKEN_PARAM)
  }
}

/** An image the page may show: an http(s) URL or an inline PNG/JPEG/GIF/WebP, else null. */
export function safeImage(url: string | null | undefined): string | null {
  return url && /^(https?:\/\/|data:image\/(png|jpeg|gif|webp);base64,)/i.test(url) ? url : null
}
