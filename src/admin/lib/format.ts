import { formatBRL, toCents } from "../../gateway/money"

/** "1234.56" (reais) or 123456 (cents) -> "R$ 1.234,56", through the plugin's one exact converter. */
export function brl(value: string | number, unit: "reais" | "cents" = "reais") {
  try {
    return formatBRL(unit === "cents" ? Number(value) : toCents(value))
  } catch {
    return "—"
  }
}

/** What an admin types ("10,50", "10.5", "10") -> 1050; null when it is not an amount with at most two decimals. */
export function reaisToCents(text: string): number | null {
  if (!/^\s*\d{1,12}([.,]\d{1,2})?\s*$/.test(text)) return null
  return toCents(text.trim().replace(",", "."))
}

export function dateTime(value: string | null | undefined, locale: string) {
  return value
    ? new Date(value).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" })
    : "—"
}

export type BadgeColor = "green" | "red" | "blue" | "orange" | "grey" | "purple"

const COLORS: Record<string, BadgeColor> = {
  paid: "green",
  successful: "green",
  pending: "orange",
  requested: "grey",
  unknown: "orange",
  processing: "blue",
  failed: "red",
  cancelled: "red",
  refunded: "purple",
  disputed: "red",
}

export const statusColor = (status: string): BadgeColor => COLORS[status] ?? "grey"
