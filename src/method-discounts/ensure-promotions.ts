/**
 * Keeps the plugin's promotions (promotions.ts) as the options say: created when a discount is
 * first configured, corrected when the options (or an admin's edit) differ, made inactive when the
 * discount is removed. Every process may run it; the promotion code is unique, so two processes
 * creating at once end with one promotion. Checked again every few minutes, not on every request.
 */
import type { IPromotionModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import {
  discountsOf,
  DISCOUNT_CODES,
  DISCOUNT_METHODS,
  type ExistingPromotion,
  isOurPromotion,
  matches,
  type MethodDiscounts,
  promotionFor,
} from "./promotions"

const RECHECK_MS = 5 * 60_000

let checked: { key: string; at: number; run: Promise<void> } | null = null

/** Ensures the promotions, at most once per RECHECK_MS for the same options. */
export function ensureMethodPromotions(
  container: MedusaContainer,
  discounts: MethodDiscounts,
  now = Date.now()
): Promise<void> {
  const key = JSON.stringify(discounts)
  if (checked && checked.key === key && now - checked.at < RECHECK_MS) return checked.run
  const run = writePromotions(container, discounts).catch((error) => {
    // A failed check is tried again by the next caller.
    if (checked?.run === run) checked = null
    throw error
  })
  checked = { key, at: now, run }
  return run
}

/** The same, for the store's own options. */
export function ensureStorePromotions(container: MedusaContainer): Promise<void> {
  const options = container.resolve<VorexyModuleService>(VOREXY_MODULE).options
  return ensureMethodPromotions(container, discountsOf(options))
}

/** For tests: forget what was checked. */
export function forgetEnsuredPromotions() {
  checked = null
}

async function writePromotions(container: MedusaContainer, discounts: MethodDiscounts) {
  const promotions = container.resolve<IPromotionModuleService>(Modules.PROMOTION)
  const existing = await listOurs(promotions)
  for (const method of DISCOUNT_METHODS) {
    const discount = discounts[method]
    const current = existing.find((promotion) => promotion.code === DISCOUNT_CODES[method])
    if (current && !isOurPromotion(current)) {
      // The store's own promotion of that code: left alone, and this discount is not given.
      if (discount)
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `Vorexy: the store already has a promotion ${current.code} the plugin did not create; the ${method} discount is off until it is renamed.`
          )
      continue
    }
    if (!discount) {
      if (current && current.status === "active")
        await promotions.updatePromotions({ id: current.id, status: "inactive" })
      continue
    }
    const desired = promotionFor(method, discount)
    if (!current) {
      try {
        await promotions.createPromotions([desired as never])
        continue
      } catch (error) {
        // Another process created it first (the code is unique): correct that one instead.
        const raced = (await listOurs(promotions)).find((p) => p.code === desired.code)
        if (!raced || !isOurPromotion(raced)) throw error
        if (!matches(raced, desired)) await correct(promotions, raced, desired)
        continue
      }
    }
    if (!matches(current, desired)) await correct(promotions, current, desired)
  }
}

async function listOurs(promotions: IPromotionModuleService): Promise<ExistingPromotion[]> {
  return (await promotions.listPromotions(
    { code: Object.values(DISCOUNT_CODES) },
    { relations: ["application_method", "rules", "rules.values"] }
  )) as unknown as ExistingPromotion[]
}

async function correct(
  promotions: IPromotionModuleService,
  current: ExistingPromotion,
  desired: ReturnType<typeof promotionFor>
) {
  await promotions.updatePromotions({
    id: current.id,
    status: desired.status,
    is_automatic: true,
    metadata: desired.metadata,
    application_method: {
      ...desired.application_method,
      currency_code: desired.application_method.currency_code ?? null,
    } as never,
  })
  // The new rules first: in between, both sets must hold (stricter, never looser).
  const ruleIds = (current.rules ?? []).map((rule) => rule.id)
  await promotions.addPromotionRules(current.id, desired.rules as never)
  if (ruleIds.length) await promotions.removePromotionRules(current.id, ruleIds)
}
