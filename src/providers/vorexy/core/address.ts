/**
 * A Medusa address (as the cart holds it) in the gateway's shape. Medusa has one `address_1` line:
 * "Rua Augusta, 100" gives the street and its number; `address_2` is the neighbourhood (or
 * "apto 12 - Consolação": the part after a dash); `province` is the state, by UF or by name.
 */
import type { Address } from "../../../gateway"

export type MedusaAddress = {
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  metadata?: Record<string, unknown> | null
}

const UF: Record<string, string> = {
  acre: "AC",
  alagoas: "AL",
  amapa: "AP",
  amazonas: "AM",
  bahia: "BA",
  ceara: "CE",
  "distrito federal": "DF",
  "espirito santo": "ES",
  goias: "GO",
  maranhao: "MA",
  "mato grosso": "MT",
  "mato grosso do sul": "MS",
  "minas gerais": "MG",
  para: "PA",
  paraiba: "PB",
  parana: "PR",
  pernambuco: "PE",
  piaui: "PI",
  "rio de janeiro": "RJ",
  "rio grande do norte": "RN",
  "rio grande do sul": "RS",
  rondonia: "RO",
  roraima: "RR",
  "santa catarina": "SC",
  "sao paulo": "SP",
  sergipe: "SE",
  tocantins: "TO",
}

const plain = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : "")

function state(province: string): string | null {
  const key = plain(province).replace(/^br-/, "")
  if (/^[a-z]{2}$/.test(key) && Object.values(UF).includes(key.toUpperCase())) {
    return key.toUpperCase()
  }
  return UF[key] ?? null
}

/**
 * The billing address with the neighbourhood the shopper typed at the payment step (session
 * `data.neighborhood`, for a storefront whose address form has no such field), over the address's
 * own. Anything but a non-empty string changes nothing.
 */
export function withNeighbourhood(
  address: MedusaAddress | null | undefined,
  neighbourhood: unknown
): MedusaAddress | null | undefined {
  if (!address || typeof neighbourhood !== "string" || !neighbourhood.trim()) return address
  return { ...address, metadata: { ...(address.metadata ?? {}), neighborhood: neighbourhood } }
}

/** Street (200), a comma and number (20), a complement: no real address line is longer. */
const ADDRESS_LINE_MAX = 300

/** The gateway address, or what is missing from it (named for the shopper). */
export function gatewayAddress(
  address: MedusaAddress | null | undefined
): { address: Address } | { missing: string[] } {
  if (!address) return { missing: ["the whole billing address"] }
  const line = text(address.address_1)
  // Refused before the patterns below, whose backtracking grows with the square of the length.
  if (line.length > ADDRESS_LINE_MAX)
    return { missing: [`street and number (address_1) of at most ${ADDRESS_LINE_MAX} characters`] }
  // "Rua 25 de Março, 100": the number after the last comma; else the first number after a space.
  const numbered =
    /^(.*),\s*(\d+[A-Za-z]?|s\/?n)\b\s*[-,]?\s*(.*)$/i.exec(line) ??
    /^(.*?)\s+(\d+[A-Za-z]?|s\/?n)\b\s*[-,]?\s*(.*)$/i.exec(line)
  const metadata = address.metadata ?? {}
  const street = numbered ? numbered[1].trim() : line
  const streetNumber = text(metadata.number) || (numbered ? numbered[2] : "")
  const second = text(address.address_2)
  const neighborhood =
    text(metadata.neighborhood) || (second.includes(" - ") ? second.split(" - ").pop()! : second)
  const complement = numbered?.[3] || (second.includes(" - ") ? second.split(" - ")[0] : "")
  const zipCode = text(address.postal_code).replace(/\D/g, "")
  const uf = state(text(address.province))
  const missing = [
    !street && "street (address_1)",
    !streetNumber && 'number (address_1, e.g. "Rua Augusta, 100")',
    !neighborhood && "neighbourhood (address_2)",
    !text(address.city) && "city",
    !uf && "state (province, e.g. SP)",
    zipCode.length !== 8 && "CEP (postal_code, 8 digits)",
    street.length > 200 && "street (address_1) shorter than 200 characters",
    streetNumber.length > 20 && "number of at most 20 characters",
    (neighborhood.length > 100 || complement.length > 200) &&
      "neighbourhood (address_2) shorter than 100 characters",
    text(address.city).length > 100 && "city shorter than 100 characters",
  ].filter((m): m is string => Boolean(m))
  if (missing.length) return { missing }
  return {
    address: {
      street,
      streetNumber,
      ...(complement ? { complement } : {}),
      zipCode,
      neighborhood,
      city: text(address.city),
      state: uf!,
      country: (text(address.country_code) || "br").toLowerCase(),
    },
  }
}
