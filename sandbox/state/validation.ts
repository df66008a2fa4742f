/** Small checks for request bodies, which arrive as `unknown` JSON. */
import { ApiError } from "./types"

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value)

export const isInt = (value: unknown): value is number => Number.isInteger(value)

export const oneOf = (value: unknown, options: readonly string[]): value is string =>
  typeof value === "string" && options.includes(value)

/** `value?.[key]` on a JSON value of unknown shape. */
export const prop = (value: unknown, key: string): unknown =>
  value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key]

/** Collects messages per field; `check()` throws them all as one 400. */
export function fieldErrors() {
  const errors: Record<string, string[]> = {}
  return {
    fail: (field: string, message: string) => {
      ;(errors[field] ??= []).push(message)
    },
    check: () => {
      if (Object.keys(errors).length)
        throw new ApiError(400, "One or more validation errors occurred", errors)
    },
  }
}
