/**
 * Response parsing: tolerant. Unknown fields are kept in `raw`, known variants are normalised
 * (envelope or not, reais or cents, PascalCase or lowercase statuses), and only what we cannot work
 * without (an id) makes the response a protocol error.
 */
export * from "./account"
export * from "./method-facts"
export { amountCents, asObject, ShapeError } from "./parse"
export * from "./transactions"
