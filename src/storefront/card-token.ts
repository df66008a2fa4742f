/**
 * Card tokenisation in the browser: the gateway's script (`token_script_url`) turns the card into a
 * single-use token, so the number never reaches the store. The script is loaded once per page.
 */
import { VorexyStorefrontError } from "./errors.js"
import type { VorexyCardConfig, VorexyCardInput } from "./types.js"

/** The tokeniser's interface (`window.VorexyCard`), as the sandbox's `vorexy-card.js` has it. */
export type VorexyCardTokeniser = {
  setPublicKey(publicKey: string): void
  encrypt(card: VorexyCardInput): Promise<string>
}

type WithTokeniser = { VorexyCard?: VorexyCardTokeniser }

const loading = new Map<string, Promise<VorexyCardTokeniser>>()

const tokeniser = () => (globalThis as WithTokeniser).VorexyCard

function missing(url: string) {
  return new VorexyStorefrontError(
    `The card script ${url} loaded but did not define VorexyCard: check token_script_url`,
    0,
    "tokeniser_missing"
  )
}

function injectScript(url: string): Promise<VorexyCardTokeniser> {
  if (typeof document === "undefined")
    return Promise.reject(
      new VorexyStorefrontError("Cards can only be tokenised in a browser", 0, "script_failed")
    )
  const ready = tokeniser()
  if (ready) return Promise.resolve(ready)
  return new Promise((resolve, reject) => {
    // A store may have added the script itself: wait for that one instead of loading it twice.
    const href = new URL(url, document.baseURI).href
    const existing = Array.from(document.querySelectorAll("script")).find((s) => s.src === href)
    const script = existing ?? document.createElement("script")
    script.addEventListener("load", () => {
      const loaded = tokeniser()
      if (loaded) resolve(loaded)
      else reject(missing(url))
    })
    script.addEventListener("error", () => {
      if (!existing) script.remove()
      reject(
        new VorexyStorefrontError(`The card script ${url} could not be loaded`, 0, "script_failed")
      )
    })
    if (!existing) {
      script.src = url
      script.async = true
      document.head.appendChild(script)
    }
  })
}

/** The tokeniser, loading its script the first time; a failed load is tried again next call. */
export function loadCardTokeniser(url: string): Promise<VorexyCardTokeniser> {
  const ready = tokeniser()
  if (ready) return Promise.resolve(ready)
  let pending = loading.get(url)
  if (!pending) {
    pending = injectScript(url)
    loading.set(url, pending)
    pending.catch(() => loading.delete(url))
  }
  return pending
}

/** The card as the tokeniser takes it: digits only, a 2-digit month and a 4-digit year. */
export function normaliseCard(card: VorexyCardInput): VorexyCardInput {
  const digits = (value: string) => value.replace(/\D/g, "")
  const year = digits(card.expYear)
  return {
    number: digits(card.number),
    holderName: card.holderName.trim().replace(/\s+/g, " "),
    expMonth: digits(card.expMonth).padStart(2, "0"),
    expYear: year.length === 2 ? `20${year}` : year,
    cvv: digits(card.cvv),
  }
}

/** Tokenises a card with the store's public key; resolves to the single-use token. */
export async function tokenizeCard(
  card: VorexyCardInput,
  config: VorexyCardConfig
): Promise<string> {
  const script = await loadCardTokeniser(config.token_script_url)
  let token: unknown
  try {
    script.setPublicKey(config.public_key)
    token = await script.encrypt(normaliseCard(card))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new VorexyStorefrontError(
      `The card was not accepted: ${reason}`,
      0,
      "tokeniser_refused",
      reason
    )
  }
  if (typeof token !== "string" || !token)
    throw new VorexyStorefrontError("The card script returned no token", 0, "tokeniser_refused")
  return token
}
