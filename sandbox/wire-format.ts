/** Number and date formats the gateway's responses use, shared by every view. */

/** Cents -> reais number, exact for any amount the sandbox handles (shortest decimal round-trip). */
export const reais = (cents: number) => {
  const abs = Math.abs(cents)
  return Number(
    `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
  )
}

/** `updateDate` carries an offset and `createdAt` none (§2.5). */
export const withOffset = (iso: string) => iso.replace("Z", "+00:00")
export const withoutOffset = (iso: string) => iso.replace("Z", "")
