"use client"
/** Follows a charge's status from React: long-polls while mounted, stops on unmount. */
import { useEffect, useState } from "react"
import type { VorexyClient } from "../client.js"
import type { FollowerState } from "../follower.js"
import type { VorexyPaymentStatus, VorexyStatusTarget } from "../types.js"

export type VorexyStatusResult = {
  status: VorexyPaymentStatus | null
  state: FollowerState
  error: unknown
}

export type UseVorexyStatusOptions = {
  timeoutMs?: number
  /** A new value follows the target afresh (e.g. once a new charge was made for the order). */
  restart?: number
}

const START: VorexyStatusResult = { status: null, state: "loading", error: null }

/** One string per charge, so a new but equal target object does not restart the follower. */
const keyOf = (target: VorexyStatusTarget | null) =>
  !target ? null : "orderId" in target ? `o:${target.orderId}` : `s:${target.paymentSessionId}`

const targetOf = (key: string): VorexyStatusTarget =>
  key.startsWith("o:") ? { orderId: key.slice(2) } : { paymentSessionId: key.slice(2) }

/** `target` null: nothing to follow yet (e.g. the session is still being created). */
export function useVorexyStatus(
  client: VorexyClient,
  target: VorexyStatusTarget | null,
  opts: UseVorexyStatusOptions = {}
): VorexyStatusResult {
  const { timeoutMs, restart = 0 } = opts
  const targetKey = keyOf(target)
  const key = targetKey === null ? null : `${restart}|${targetKey}`
  const [result, setResult] = useState<VorexyStatusResult & { key: string | null }>({
    ...START,
    key: null,
  })

  useEffect(() => {
    if (!key) return
    // Results are stored with their charge's key: another charge's never show.
    const update = (change: Partial<VorexyStatusResult>) =>
      setResult((was) => ({ ...(was.key === key ? was : START), ...change, key }))
    const follower = client.follow(targetOf(key.slice(key.indexOf("|") + 1)), {
      timeoutMs,
      onStatus: (status) => update({ status, error: null }),
      onError: (error) => update({ error }),
      onStateChange: (state) => update({ state }),
    })
    return () => follower.stop()
  }, [client, key, timeoutMs])

  if (result.key !== key) return START
  return { status: result.status, state: result.state, error: result.error }
}
