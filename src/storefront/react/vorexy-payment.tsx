"use client"
/** The whole payment view: follows the charge and shows the PIX, boleto or card view for it. */
import { useCallback, useEffect, useRef, useState } from "react"
import type { VorexyClient } from "../client.js"
import { awaitingCapture } from "../follower.js"
import { textsFor } from "../texts.js"
import type { VorexyLocale, VorexyPaymentStatus, VorexyStatusTarget } from "../types.js"
import { viewState } from "../view-state.js"
import { storeTime } from "../format.js"
import { useClock, type VorexyClock } from "./use-clock.js"
import { useVorexyStatus } from "./use-vorexy-status.js"
import { VorexyBoleto } from "./vorexy-boleto.js"
import { VorexyCardStatus } from "./vorexy-card-status.js"
import { VorexyPix } from "./vorexy-pix.js"

export type VorexyPaymentProps = {
  client: VorexyClient
  target: VorexyStatusTarget
  locale?: VorexyLocale
  /** Called once when the charge is paid (e.g. to refresh the order). */
  onPaid?: (status: VorexyPaymentStatus) => void
  /**
   * Called once when the store has captured the order (paid, and `order_captured`): refresh the
   * page here (e.g. Next's `router.refresh()`) and it renders the store's own paid state.
   */
  onCaptured?: (status: VorexyPaymentStatus) => void
  /** Each status as it arrives, so the page around it needs no second long-poll. */
  onStatus?: (status: VorexyPaymentStatus) => void
  now?: VorexyClock
  /** How long the server holds each long-poll, in ms. */
  timeoutMs?: number
  /**
   * The order page's address, shared with a PIX code by "Compartilhar no WhatsApp" (without the
   * order's token, if it carries one: whoever gets it may only follow the order).
   */
  shareUrl?: string
  /**
   * The order's token (the `vorexy_token` parameter of the order page link in the store's e-mails):
   * sent when asking for a new PIX or boleto. Never put it in `shareUrl`.
   */
  orderToken?: string | null
}

export function VorexyPayment(props: VorexyPaymentProps) {
  const { client, target, locale = "pt-BR", now, timeoutMs, shareUrl, orderToken } = props
  const t = textsFor(locale)
  // Bumped once a new charge was made for the order: the view follows it from then on.
  const [restart, setRestart] = useState(0)
  const { status, state } = useVorexyStatus(client, target, { timeoutMs, restart })
  const orderId = "orderId" in target ? target.orderId : (status?.order_id ?? null)
  const renew = useCallback(async () => {
    if (!orderId) return
    await client.renewCharge(orderId, orderToken)
    setRestart((n) => n + 1)
  }, [client, orderId, orderToken])
  const onRenew = orderId ? renew : undefined

  // The latest callbacks and status, so onPaid fires once per payment, not on each render.
  const callbacks = { onPaid: props.onPaid, onCaptured: props.onCaptured, onStatus: props.onStatus }
  const latest = useRef({ ...callbacks, status })
  useEffect(() => {
    latest.current = { ...callbacks, status }
  })
  useEffect(() => {
    if (status) latest.current.onStatus?.(status)
  }, [status])
  const paid = status?.paid ? (status.transaction_id ?? "paid") : null
  useEffect(() => {
    const { onPaid, status: current } = latest.current
    if (paid && current) onPaid?.(current)
  }, [paid])
  const captured = status?.paid && !awaitingCapture(status) ? paid : null
  useEffect(() => {
    const { onCaptured, status: current } = latest.current
    if (captured && current) onCaptured?.(current)
  }, [captured])

  // Loading, retrying and "unavailable" are announced here; each view announces its own states.
  const notice =
    state === "backoff"
      ? t.retrying
      : !status && state === "done"
        ? t.unavailable
        : !status
          ? t.loading
          : ""

  // The same clock as the PIX view's: the root's data-state never says "pending" while it closes.
  const clock = useClock(now)
  const storeNow = status && clock !== null ? storeTime(status, clock) : null

  const view = !status ? null : status.method === "pix" ? (
    <VorexyPix status={status} locale={locale} now={now} shareUrl={shareUrl} onRenew={onRenew} />
  ) : status.method === "boleto" ? (
    <VorexyBoleto status={status} locale={locale} now={now} onRenew={onRenew} />
  ) : (
    <VorexyCardStatus status={status} locale={locale} />
  )

  return (
    <div
      className="vorexy-payment"
      data-state={status ? viewState(status, storeNow) : state === "done" ? "failed" : "pending"}
      aria-busy={!status && state !== "done"}
    >
      <p className="vorexy-payment__notice" role="status" aria-live="polite">
        {notice}
      </p>
      {view}
    </div>
  )
}
