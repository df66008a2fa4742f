/**
 * Every shape of a charge's facts, derived from their one declaration (`fields.ts`): from a
 * method's answer to the session data and to what the charge-created event and the charge row
 * keep; from the row to what the status route shows the storefront and the admin API the admin.
 * Nothing here names a fact: a fact added to the table flows everywhere its declaration says.
 */
import {
  CHARGE_FACTS,
  ChargeDetails,
  ChargeFactKey,
  ChargeFactSpec,
  ChargeFactValue,
  ChargeMethodName,
  ColumnFactKey,
  DetailsFactKey,
  AdminFactKey,
  MethodFacts,
  SessionChargeFacts,
  SessionFactKey,
  StorefrontFactKey,
  StoredChargeFacts,
} from "./fields"

const FACTS = Object.entries(CHARGE_FACTS) as Array<[ChargeFactKey, ChargeFactSpec]>

const keysWhere = <K extends ChargeFactKey>(test: (spec: ChargeFactSpec) => boolean) =>
  FACTS.filter(([, spec]) => test(spec)).map(([key]) => key as K)

const carriedBy = (method: ChargeMethodName) => (spec: ChargeFactSpec) =>
  spec.method === method || spec.method === "every"

const COLUMNS = keysWhere<ColumnFactKey>((spec) => spec.stored === "column")
const detailsOf = (method: ChargeMethodName) =>
  keysWhere<DetailsFactKey>((spec) => spec.stored === "details" && spec.method === method)

/** The row's fields that hold facts: recording a charge again fills them when missing. */
export const STORED_FACT_FIELDS: ReadonlyArray<ColumnFactKey | "details"> = [...COLUMNS, "details"]

/** Every fact a session's data may hold: the provider owns these keys. */
export const SESSION_FACT_KEYS = keysWhere<SessionFactKey>((spec) => spec.session !== "no")

/** The session data's facts from a method's answer (none the session must not hold). */
export function sessionFacts(method: ChargeMethodName, facts: MethodFacts): SessionChargeFacts {
  const values = facts as Record<string, unknown>
  const keys = keysWhere((spec) => carriedBy(method)(spec) && spec.session !== "no")
  return Object.fromEntries(keys.map((key) => [key, values[key] ?? null]))
}

/** The session facts of a charge being forgotten: all null, but what the shopper chose. */
export function forgottenFacts(): SessionChargeFacts {
  return Object.fromEntries(keysWhere((spec) => spec.session === "fact").map((key) => [key, null]))
}

/** What the charge-created event and the charge row keep of a method's answer. */
export function storedFacts(method: ChargeMethodName, facts: MethodFacts): StoredChargeFacts {
  const values = facts as Record<string, unknown>
  return stored(method, (key) => values[key] ?? null)
}

/**
 * The same, from a session's data (a charge recorded without the provider's announcement): a fact
 * the session never holds is null, one it should hold is as the session has it.
 */
export function storedFromSession(
  method: ChargeMethodName,
  data: SessionChargeFacts
): StoredChargeFacts {
  const values = data as Record<string, unknown>
  return stored(method, (key) => (CHARGE_FACTS[key].session === "no" ? null : values[key]))
}

function stored(
  method: ChargeMethodName,
  read: (key: ChargeFactKey) => unknown
): StoredChargeFacts {
  const details = detailsOf(method)
  return {
    ...Object.fromEntries(COLUMNS.map((key) => [key, read(key) ?? null])),
    details: details.length ? Object.fromEntries(details.map((key) => [key, read(key)])) : null,
  } as StoredChargeFacts
}

type Instant<K extends ColumnFactKey> = (typeof CHARGE_FACTS)[K]["type"] extends "instant"
  ? Date
  : ChargeFactValue<K>

/** The fact columns and `details` of a new charge row (an instant is a date there). */
export type RowFacts = { [K in ColumnFactKey]: Instant<K> | null } & {
  details: ChargeDetails | null
}

export function rowFacts(facts: StoredChargeFacts): RowFacts {
  const values = facts as Record<string, unknown>
  const column = (key: ColumnFactKey) => {
    const value = values[key] ?? null
    return CHARGE_FACTS[key].type === "instant" && value !== null
      ? new Date(value as string)
      : value
  }
  return {
    ...Object.fromEntries(COLUMNS.map((key) => [key, column(key)])),
    details: facts.details ?? null,
  } as RowFacts
}

/** A charge row, as far as its facts go. */
export type ChargeRowFacts = { method: string; details?: unknown } & {
  [K in ColumnFactKey]?: unknown
}

const rowDetails = (charge: ChargeRowFacts) =>
  (charge.details && typeof charge.details === "object" ? charge.details : {}) as Record<
    string,
    unknown
  >

/**
 * What the status route shows the storefront: every fact column (null for a method without it),
 * the method's own details, in the declaration's order; a fact shown only while the charge can be
 * paid is null once it cannot.
 */
export function storefrontFacts(
  charge: ChargeRowFacts,
  payable: boolean
): { [K in StorefrontFactKey]?: unknown } {
  const details = rowDetails(charge)
  const row = charge as Record<string, unknown>
  const view: Record<string, unknown> = {}
  for (const [key, spec] of FACTS) {
    if (spec.storefront === "never") continue
    if (spec.stored === "details" && spec.method !== charge.method) continue
    const value = spec.stored === "column" ? row[key] : details[key]
    view[key] = spec.storefront === "while_payable" && !payable ? null : (value ?? null)
  }
  return view
}

/**
 * The details of a charge the shopper may read, whether or not it can still be paid (the e-mail
 * telling how to pay it).
 */
export function shopperDetails(charge: ChargeRowFacts): { [K in StorefrontFactKey]?: unknown } {
  const details = rowDetails(charge)
  const keys = keysWhere(
    (spec) =>
      spec.stored === "details" && spec.method === charge.method && spec.storefront !== "never"
  )
  return Object.fromEntries(keys.map((key) => [key, details[key] ?? null]))
}

/** The fact columns the admin API shows. */
export function adminColumns(charge: ChargeRowFacts): {
  [K in AdminFactKey & ColumnFactKey]: unknown
} {
  const row = charge as Record<string, unknown>
  const keys = COLUMNS.filter((key) => CHARGE_FACTS[key].admin)
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as {
    [K in AdminFactKey & ColumnFactKey]: unknown
  }
}

/**
 * The row's `details` the admin API shows: as kept, but for a fact declared hidden from the admin
 * (the row keeps only its method's facts; one written by an older version stays visible).
 */
export function adminDetails(charge: ChargeRowFacts): ChargeDetails | null {
  if (!charge.details || typeof charge.details !== "object") return null
  const hidden = new Set<string>(keysWhere((spec) => spec.stored === "details" && !spec.admin))
  return Object.fromEntries(
    Object.entries(charge.details).filter(([key]) => !hidden.has(key))
  ) as ChargeDetails
}
