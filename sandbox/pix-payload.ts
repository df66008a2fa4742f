/**
 * PIX "copia e cola" payloads (BR Code, EMV MPM): a TLV string ending in a CRC16 field (id 63).
 * The sandbox emits dynamic payloads (point of initiation 12, a location URL) like a PSP would;
 * the tests hold them to `@brazilian-utils`' BR Code reader, written apart from this builder.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as the BR Code manual prescribes. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8
    for (let i = 0; i < 8; i++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, "0")
}

const tlv = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`EMV field ${id} is too long`)
  return `${id}${String(value.length).padStart(2, "0")}${value}`
}

/** Removes accents and characters BR Code does not allow in names and cities. */
const ascii = (text: string, max: number) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .-]/g, "")
    .toUpperCase()
    .slice(0, max)

export type PixPayloadInput = {
  /** Location of the dynamic charge at the PSP, without scheme. */
  location: string
  amountCents: number
  merchantName: string
  merchantCity: string
}

export function buildPixPayload(input: PixPayloadInput): string {
  const account = tlv("00", "br.gov.bcb.pix") + tlv("25", input.location)
  const amount = `${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, "0")}`
  const body =
    tlv("00", "01") +
    tlv("01", "12") +
    tlv("26", account) +
    tlv("52", "0000") +
    tlv("53", "986") +
    tlv("54", amount) +
    tlv("58", "BR") +
    tlv("59", ascii(input.merchantName, 25)) +
    tlv("60", ascii(input.merchantCity, 15)) +
    tlv("62", tlv("05", "***")) +
    "6304"
  return body + crc16(body)
}

/** Splits a payload into its top-level fields and checks the CRC; used by tests and the demo. */
export function parsePixPayload(payload: string): {
  fields: Record<string, string>
  crcValid: boolean
} {
  const fields: Record<string, string> = {}
  let i = 0
  while (i + 4 <= payload.length) {
    const id = payload.slice(i, i + 2)
    const len = Number(payload.slice(i + 2, i + 4))
    if (!Number.isInteger(len)) break
    fields[id] = payload.slice(i + 4, i + 4 + len)
    i += 4 + len
  }
  const crcValid = i === payload.length && fields["63"] === crc16(payload.slice(0, -4))
  return { fields, crcValid }
}
