/**
 * The payer of a charge (PIX, boleto or card): who the gateway bills. Sent by the storefront in the payment session
 * `data` (flat or under `payer`), else taken from the logged-in customer.
 *
 * Session data is readable by anyone holding the cart or order id, so the full payer data is not
 * kept there in clear: it is sealed (AES-256-GCM, key derived from the signing keyring), and not
 * shown, not even masked.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"
import {
  Address,
  classifyDocument,
  DocumentType,
  isEmail,
  normaliseDocument,
  onlyDigits,
} from "../../../gateway"

export type Payer = {
  name: string
  email: string
  document?: { type: DocumentType; number: string }
  phone?: string
}

/** Keys a storefront may send payer data under (flat in `data` or inside `data.payer`). */
export const PAYER_INPUT_KEYS = [
  "payer",
  "name",
  "email",
  "document",
  "cpf",
  "cnpj",
  "tax_id",
  "phone",
] as const

type CustomerLike =
  | {
      email?: string | null
      first_name?: string | null
      last_name?: string | null
      phone?: string | null
    }
  | undefined

/**
 * The longest e-mail address there is (RFC 5321). Checked before any pattern: the one used before
 * backtracked quadratically, and held the event loop for seconds on a 95 KB e-mail.
 */
const EMAIL_MAX = 254

/** Shopper input quoted in an error (and so in logs): its start only. */
const quote = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value)

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined)

export type PayerResult = { payer?: Payer; partial: Partial<Payer>; problems: string[] }

/**
 * Reads payer data from the storefront's `data`, falling back to the customer. Anything given must
 * be valid (problems lists what is not); name and e-mail may still be missing here and are
 * required only when the charge is created.
 */
export function readPayer(
  data: Record<string, unknown> | undefined,
  customer: CustomerLike
): PayerResult {
  const source = (
    data?.payer && typeof data.payer === "object" ? data.payer : (data ?? {})
  ) as Record<string, unknown>
  const problems: string[] = []
  const customerName = [customer?.first_name, customer?.last_name].filter(Boolean).join(" ").trim()

  const name = text(source.name) ?? (customerName || undefined)
  const email = text(source.email) ?? text(customer?.email)
  // The charge request's own check, so a session never accepts what "Place order" would refuse.
  if (email && (email.length > EMAIL_MAX || !isEmail(email)))
    problems.push(`payer e-mail "${quote(email)}" is not a valid e-mail address`)
  if (name && name.length > 200) problems.push("payer name is longer than 200 characters")

  // A plain string, or { type, number } as some storefronts send it.
  const documentObject = source.document as { number?: unknown } | null | undefined
  const rawDocument =
    text(source.document) ??
    (documentObject && typeof documentObject === "object"
      ? text(documentObject.number)
      : undefined) ??
    text(source.cpf) ??
    text(source.cnpj) ??
    text(source.tax_id)
  let document: Payer["document"]
  if (rawDocument) {
    const classified = classifyDocument(rawDocument)
    if (!classified) {
      problems.push(`payer document ${documentProblem(rawDocument)}`)
    } else document = classified
  }

  const rawPhone = text(source.phone) ?? text(customer?.phone)
  let phone: string | undefined
  if (rawPhone) {
    const digits = onlyDigits(rawPhone).replace(/^55(?=\d{10,11}$)/, "")
    if (digits.length < 10 || digits.length > 11)
      problems.push("payer phone must have a 2-digit area code and 8 or 9 digits")
    else phone = digits
  }

  const partial: Partial<Payer> = { name, email, document, phone }
  const complete = name && email && !problems.length
  return { payer: complete ? { name, email, document, phone } : undefined, partial, problems }
}

/**
 * What is sealed: the payer, the IP Medusa saw them at (the gateway's `ip`), the cart's billing
 * and shipping addresses, and a card token (a secret: with it anyone could pay with that card).
 */
export type SealedPayer = Partial<Payer> & {
  ip?: string | null
  address?: Address
  shipping_address?: Address
  card_token?: string
}

/**
 * Seals payer data for the session; only this server (holding the signing secret) can open it,
 * and only for the session it was sealed for (the session id is authenticated with it).
 */
export class PayerSeal {
  private readonly keys: Buffer[]

  /** `secrets`: the signing keyring; the first seals, every one opens (after a rotation). */
  constructor(secrets: string | string[]) {
    this.keys = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) =>
      Buffer.from(hkdfSync("sha256", secret, "medusa-payment-vorexy", "payer-data-v1", 32))
    )
  }

  seal(payer: SealedPayer, sessionId = ""): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv("aes-256-gcm", this.keys[0], iv)
    cipher.setAAD(Buffer.from(sessionId, "utf8"))
    const body = Buffer.concat([cipher.update(JSON.stringify(payer), "utf8"), cipher.final()])
    return ["v1", iv, body, cipher.getAuthTag()]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".")
  }

  /**
   * Null when the value was not sealed by this key for this session (tampered, copied from another
   * session, or sealed under a secret no longer in the keyring).
   */
  open(sealed: unknown, sessionId = ""): SealedPayer | null {
    if (typeof sealed !== "string") return null
    const [version, iv, body, tag] = sealed.split(".")
    if (version !== "v1" || !iv || !body || !tag) return null
    for (const key of this.keys) {
      const payer = this.openWith(key, iv, body, tag, sessionId)
      if (payer) return payer
    }
    return null
  }

  private openWith(key: Buffer, iv: string, body: string, tag: string, sessionId: string) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"))
      decipher.setAuthTag(Buffer.from(tag, "base64url"))
      decipher.setAAD(Buffer.from(sessionId, "utf8"))
      const json = Buffer.concat([
        decipher.update(Buffer.from(body, "base64url")),
        decipher.final(),
      ]).toString("utf8")
      return JSON.parse(json) as SealedPayer
    } catch {
      return null
    }
  }
}

/** Why a document is neither a CPF (11 digits) nor a CNPJ (14 characters, letters allowed). */
function documentProblem(raw: string): string {
  const value = normaliseDocument(raw)
  if (/^\d{11}$/.test(value)) return "is not a valid CPF (check digits do not match)"
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return "is not a valid CNPJ (check digits do not match)"
  return "is not a valid CPF or CNPJ (a CPF has 11 digits, a CNPJ 14 characters; only . / - and spaces may separate them)"
}
