/**
 * The demo's stand-in for the shopper's bank app: "Simular pagamento (sandbox)" asks the demo
 * server to pay the charge in the sandbox gateway, whose webhook then settles the order; the page
 * above learns it by itself, like with a real payment. "Simular expiração" lapses it now instead,
 * so "Gerar novo PIX" / "Gerar 2ª via" can be tried without waiting. Only for a PIX or boleto
 * still payable.
 */
import { useState } from "react"
import type { VorexyPaymentStatus } from "../../../src/storefront/index"

type Action = "pay" | "expire"

const SENT: Record<Action, string> = {
  pay: "Pagamento enviado pelo sandbox: esta página se atualiza sozinha em instantes.",
  expire: "Cobrança expirada pelo sandbox: esta página se atualiza sozinha em instantes.",
}

export function SimulatePayment({ status }: { status: VorexyPaymentStatus | null }) {
  const [state, setState] = useState<"idle" | "sending" | "sent" | "error">("idle")
  const [message, setMessage] = useState("")

  if (!status?.payable || !status.transaction_id || status.method === "credit_card") return null
  const charge = { transactionId: status.transaction_id, method: status.method }

  const simulate = async (action: Action) => {
    setState("sending")
    try {
      const response = await fetch(
        `/simulate/${encodeURIComponent(charge.transactionId)}/${action}`,
        { method: "POST" }
      )
      const body = await response.json().catch(() => ({}))
      if (!response.ok) throw new Error(body.message ?? `Erro ${response.status}`)
      setState("sent")
      setMessage(SENT[action])
    } catch (e) {
      setState("error")
      setMessage(`Não foi possível simular: ${(e as Error).message}`)
    }
  }

  const busy = state === "sending" || state === "sent"
  return (
    <aside className="shop-simulate" data-testid="simulate-payment">
      <p>
        <strong>Demonstração:</strong> em vez de pagar{" "}
        {charge.method === "pix" ? "o PIX" : "o boleto"} no app do banco, peça ao sandbox do gateway
        que o pague (ou que o deixe expirar).
      </p>
      <button
        className="shop-button shop-button--secondary"
        onClick={() => simulate("pay")}
        disabled={busy}
      >
        Simular pagamento (sandbox)
      </button>{" "}
      <button
        className="shop-button shop-button--secondary"
        onClick={() => simulate("expire")}
        disabled={busy}
      >
        Simular expiração
      </button>
      {message && (
        <p role={state === "error" ? "alert" : "status"} className={`shop-simulate__${state}`}>
          {message}
        </p>
      )}
    </aside>
  )
}
