import type { NewFile } from "../types"

/** src/modules/order/components/vorexy-payment/index.tsx: the confirmed page's payment view. */
export const orderPayment: NewFile = {
  kind: "new",
  path: "src/modules/order/components/vorexy-payment/index.tsx",
  what: "VorexyOrderPayment: the QR, boleto or card status (a new one with the e-mail link's token); refreshes the page once captured",
  // Written by earlier releases (0.1.0 and the builds before 0.2.0): replaced on a re-run.
  replaces: [
    "48ff23de17b318150f0f2b4425eaa5dbec5c42abff3f234a6a52377399712260",
    "2c6fbfcd9aa3f5fc2c1aed58d701dc1edc19ab9c594096d6cdd41d9793d31254",
    "98b15934a0cc972a7f4bd81429bee31e7fb9811fe0e97901f5e1beeba63119a6",
    "8fe86473c3041e687715b9f9f614f47786c6161521baf2fa0024f37df4956cb2",
  ],
  content: `"use client"
// Written by medusa-payment-vorexy (npx medusa-payment-vorexy starter).
import { vorexyClient } from "@lib/vorexy/client"
import { takeOrderToken, VorexyPayment } from "medusa-payment-vorexy/storefront"
import { useRouter } from "next/navigation"
import { startTransition, useEffect, useMemo, useState } from "react"

type Props = {
  orderId: string
  locale?: "pt-BR" | "en"
}

/** After asking for the refresh: nudges every 250 ms, reloads after this long (never stuck). */
const NUDGE_MS = 250
const RELOAD_AFTER_MS = 15_000

/**
 * Follows the order's charge until the store has captured it, then re-renders the page once (its
 * order is read with cache: "no-store"), which then shows the starter's own paid state. This view
 * leaves the page with that render. A refreshed page can wait to be shown until React renders
 * again (seen on a view with nothing ticking, a boleto's): a small update every 250 ms lets it
 * through, and a reload ends it if it is still here after 15 s.
 */
export default function VorexyOrderPayment({ orderId, locale = "pt-BR" }: Props) {
  const router = useRouter()
  const target = useMemo(() => ({ orderId }), [orderId])
  const [refreshedAt, setRefreshedAt] = useState<number | null>(null)
  const [, setNudge] = useState(0)
  // The order's token, from the e-mail's link (?vorexy_token=…): it lets this page ask for a new
  // PIX or boleto. Taken out of the address bar in the browser and kept for this tab.
  const [orderToken, setOrderToken] = useState<string | null>(null)
  useEffect(() => {
    setOrderToken(takeOrderToken(orderId))
  }, [orderId])

  useEffect(() => {
    if (refreshedAt === null) return
    const nudge = setInterval(() => {
      if (Date.now() - refreshedAt > RELOAD_AFTER_MS) window.location.reload()
      else setNudge((n) => n + 1)
    }, NUDGE_MS)
    return () => clearInterval(nudge)
  }, [refreshedAt])

  return (
    <div className="flex flex-col gap-y-3 mb-4" data-testid="vorexy-order-payment">
      <VorexyPayment
        client={vorexyClient}
        target={target}
        locale={locale}
        orderToken={orderToken}
        onCaptured={() => {
          setRefreshedAt(Date.now())
          startTransition(() => router.refresh())
        }}
      />
    </div>
  )
}
`,
}
