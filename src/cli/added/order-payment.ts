import type { NewFile } from "../types"

/** src/modules/order/components/vorexy-payment/index.tsx: the confirmed page's payment view. */
export const orderPayment: NewFile = {
  kind: "new",
  path: "src/modules/order/components/vorexy-payment/index.tsx",
  what: "VorexyOrderPayment: the QR, boleto or card status; refreshes the page once captured",
  content: `"use client"
// Written by medusa-payment-vorexy (npx medusa-payment-vorexy starter).
import { vorexyClient } from "@lib/vorexy/client"
import { VorexyPayment } from "medusa-payment-vorexy/storefront"
import { useRouter } from "next/navigation"
import { useMemo } from "react"

type Props = {
  orderId: string
  locale?: "pt-BR" | "en"
}

/**
 * Follows the order's charge until the store has captured it, then re-renders the page once (its
 * order is read with cache: "no-store"), which then shows the starter's own paid state.
 */
export default function VorexyOrderPayment({ orderId, locale = "pt-BR" }: Props) {
  const router = useRouter()
  const target = useMemo(() => ({ orderId }), [orderId])

  return (
    <div className="flex flex-col gap-y-3 mb-4" data-testid="vorexy-order-payment">
      <VorexyPayment
        client={vorexyClient}
        target={target}
        locale={locale}
        onCaptured={() => router.refresh()}
      />
    </div>
  )
}
`,
}
