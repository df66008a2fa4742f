/**
 * Where a withdrawal may send money: PIX keys the store lists at deploy time, each kept in the
 * canonical form `readPixKey` gives, so a key typed in another form still matches its entry.
 * Pure: the options parse the list, the admin API matches and masks with it.
 */
import { createHash } from "node:crypto"
import { PIX_KEY_TYPES, PixKeyType, readPixKey } from "./documents"

export type PixDestination = { type: PixKeyType; key: string }

/** At most this many listed keys: a short list someone reads before deploying. */
export const MAX_PIX_DESTINATIONS = 20

/**
 * A list from its text form, "EMAIL:financeiro@loja.com.br,PHONE:+55 11 98765-4321" (type, a colon,
 * the key; entries split by commas, which no PIX key holds), or the message that refuses it. The
 * message never repeats a key: it may name a person's CPF.
 */
export function readPixDestinations(
  value: unknown
): { destinations: PixDestination[]; problem: null } | { destinations: null; problem: string } {
  const entries =
    typeof value === "string"
      ? value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            const colon = entry.indexOf(":")
            return colon < 0
              ? { type: entry, key: "" }
              : { type: entry.slice(0, colon).trim().toUpperCase(), key: entry.slice(colon + 1) }
          })
      : value
  if (!Array.isArray(entries)) return refuse("is a list of { type, key } or TYPE:key,TYPE:key")
  if (entries.length > MAX_PIX_DESTINATIONS)
    return refuse(`holds at most ${MAX_PIX_DESTINATIONS} keys`)
  const destinations: PixDestination[] = []
  for (const [index, entry] of entries.entries()) {
    const { type, key } = (entry ?? {}) as { type?: unknown; key?: unknown }
    if (!PIX_KEY_TYPES.includes(type as PixKeyType))
      return refuse(`entry ${index + 1}: the type is one of ${PIX_KEY_TYPES.join(", ")}`)
    if (typeof key !== "string" || key.length > 140 || !key.trim())
      return refuse(`entry ${index + 1}: the key is missing`)
    const reading = readPixKey(type as PixKeyType, key)
    if (reading.problem !== null)
      return refuse(`entry ${index + 1}: the ${String(type)} key ${reading.problem}`)
    const destination = { type: type as PixKeyType, key: reading.key }
    if (!findPixDestination(destinations, destination)) destinations.push(destination)
  }
  return { destinations, problem: null }
}

const refuse = (problem: string) => ({ destinations: null, problem })

/** The listed entry for a key already in canonical form, or undefined. */
export function findPixDestination(list: PixDestination[], wanted: PixDestination) {
  return list.find((entry) => entry.type === wanted.type && entry.key === wanted.key)
}

/** A stable id for a listed key: what the admin form sends, so it never handles the key itself. */
export function pixDestinationId(destination: PixDestination) {
  return `pixdest_${createHash("sha256")
    .update(`${destination.type}:${destination.key}`)
    .digest("hex")
    .slice(0, 16)}`
}

/**
 * A key shown to staff and in notices: enough to recognise it, not to copy it. E-mail: the first
 * letter and the domain; phone, CPF and CNPJ: the last digits; EVP: its last group.
 */
export function maskPixKey(type: string | null, key: string | null) {
  if (!key) return null
  switch (type) {
    case "EMAIL": {
      const [user, domain] = key.split("@")
      return `${user.slice(0, 1)}***@${domain ?? ""}`
    }
    case "PHONE":
      return `${key.slice(0, 5)}*****${key.slice(-4)}`
    case "CPF":
      return `***.***.*${key.slice(-5, -2)}-${key.slice(-2)}`
    case "CNPJ":
      return `**.***.***/${key.slice(-6, -2)}-${key.slice(-2)}`
    default:
      return `****${key.slice(-4)}`
  }
}
