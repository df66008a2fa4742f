/** "1234.56" or 123456 (cents) -> "R$ 1.234,56", exactly (string arithmetic, no floats). */
export function brl(value: string | number, unit: "reais" | "cents" = "reais") {
  const cents = unit === "cents" ? Math.round(Number(value)) : reaisToCents(String(value))
  if (cents === null) return "—"
  const abs = Math.abs(cents)
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  return `${cents < 0 ? "-" : ""}R$ ${whole},${String(abs % 100).padStart(2, "0")}`
}

/** "10,50" / "10.5" / "10" -> 1050; null when it is not an amount with at most two decimals. */
export function reaisToCents(text: string): number | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

export function dateTime(value: string | null | undefined, locale: string) {
  return value ? new Date(value).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" }) : "—"
}

export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<string, BadgeColor> = {
  paid: "green",
  successful: "green",
  pending: "orange",
  requested: "grey",
  processing: "blue",
  failed: "red",
  cancelled: "red",
  refunded: "purple",
}

export const statusColor = (status: string): BadgeColor => COLORS[status] ?? "grey"
