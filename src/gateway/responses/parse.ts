/**
 * The tolerant readers every response parser shares: a value may come as a string or a number,
 * inside a `data` envelope or not, in reais or in cents.
 */
import { z } from "zod"
import { reaisToCents } from "../money"

export type Json = Record<string, unknown>

export class ShapeError extends Error {}

const AnyObject = z.record(z.string(), z.unknown())

export function asObject(value: unknown, what: string): Json {
  const parsed = AnyObject.safeParse(value)
  if (!parsed.success || Array.isArray(value)) throw new ShapeError(`${what} is not a JSON object`)
  return parsed.data
}

export const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : undefined

export const int = (v: unknown): number | undefined => {
  if (typeof v === "number" && Number.isInteger(v)) return v
  if (typeof v === "string" && /^-?\d+$/.test(v.trim())) return Number(v.trim())
  return undefined
}

export const first = <T>(...values: Array<T | undefined>): T | undefined =>
  values.find((v) => v !== undefined)

/** A `{ data: {...} }` envelope or the bare object. */
export const unwrap = (body: Json): Json =>
  body.data && typeof body.data === "object" && !Array.isArray(body.data)
    ? (body.data as Json)
    : body

/** Reais decimal -> cents; tolerant of strings and of junk (undefined). */
export function reais(v: unknown): number | undefined {
  if (typeof v !== "number" && typeof v !== "string") return undefined
  try {
    return reaisToCents(v)
  } catch {
    return undefined
  }
}

/**
 * Amount in cents from whichever field the record carries. Fields named in cents win; `value` is in
 * cents where the spec says so (transaction detail) unless it has decimals, and in reais elsewhere.
 */
export function amountCents(record: Json, valueIsCents: boolean): number | undefined {
  const explicit = first(int(record.valueInCents), int(record.amountInCents), int(record.amount))
  if (explicit !== undefined) return explicit
  const value = record.value
  if (valueIsCents && int(value) !== undefined) return int(value)
  return reais(value)
}

/** The refunded amount: `refundedAmount` (cents, as in the template) or a reais `refundedValue`. */
export function refundedCents(record: Json): number | undefined {
  const cents = first(int(record.refundedAmountInCents), int(record.refundedAmount))
  return cents ?? reais(first(record.refundedValue, record.refunded_value))
}
