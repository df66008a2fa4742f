import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { Alert, Button, Container, Copy, Heading, Text, toast } from "@medusajs/ui"
import { ChargeMethodFacts } from "../components/charge-method-facts"
import { QueryState } from "../components/query-state"
import { StatusWords } from "../components/status-words"
import { useOrderCharges, useSyncCharge } from "../lib/api"
import { brl, dateTime } from "../lib/format"
import { useT } from "../lib/i18n"

const FLAG_TITLES = {
  amount_mismatch: "mismatchTitle",
  late_payment: "lateTitle",
  refund_before_capture: "refundBeforeCaptureTitle",
  sync_failing: "syncFailingTitle",
  disputed: "disputedTitle",
  paid_without_order: "paidWithoutOrderTitle",
  unknown_at_gateway: "unknownAtGatewayTitle",
  refund_mismatch: "refundMismatchTitle",
} as const

const TITLES = { pix: "pixCharge", boleto: "boletoCharge", credit_card: "cardCharge" } as const

type OrderCharge = NonNullable<ReturnType<typeof useOrderCharges>["data"]>["charges"][number]

/**
 * The order's Vorexy charges (PIX, boleto or card), newest first: an order can have more than one
 * (a payment started again, a second payment): each with its status, ids, amounts, expiry,
 * payment time, warnings, and "sync now".
 */
const OrderVorexyCharge = ({ data: order }: DetailWidgetProps<HttpTypes.AdminOrder>) => {
  const { isLoading, error, refetch, data } = useOrderCharges(order.id)
  const charges = data?.charges ?? []
  if (!isLoading && !error && !charges.length) return null
  return (
    <Container className="divide-y p-0" data-testid="vorexy-order-widget">
      <QueryState isLoading={isLoading} error={error} onRetry={() => refetch()}>
        {charges.map((charge, index) => (
          <ChargeSection
            key={charge.id}
            orderId={order.id}
            charge={charge}
            position={charges.length > 1 ? charges.length - index : null}
          />
        ))}
      </QueryState>
    </Container>
  )
}

function ChargeSection(props: { orderId: string; charge: OrderCharge; position: number | null }) {
  const { charge, position } = props
  const { t, locale } = useT()
  const sync = useSyncCharge(props.orderId)
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-2 items-center px-6 py-3">
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="text-ui-fg-base txt-small">{value}</div>
    </div>
  )

  return (
    <div className="divide-y" data-testid="vorexy-order-charge">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">
          {t(TITLES[charge.method])}
          {position !== null ? ` #${position}` : ""}
        </Heading>
        <StatusWords raw={charge.gateway_status} status={charge.status} />
      </div>
      {charge.flag && charge.flag !== "unknown_at_gateway" && (
        <div className="px-6 py-3">
          <Alert variant="error">
            <strong>{t(FLAG_TITLES[charge.flag])}:</strong> {charge.flag_detail}
          </Alert>
        </div>
      )}
      {charge.offer_closed_reason === "session_replaced" && (
        <div className="px-6 py-3" data-testid="vorexy-charge-replaced">
          <Text size="small" className="text-ui-fg-subtle">
            {t("replacedByNew")}
          </Text>
        </div>
      )}
      {charge.gateway_unknown_at && (
        // In the admin's words (its flag's detail says the same in English), beside any
        // weightier flag the charge has.
        <div className="px-6 py-3" data-testid="vorexy-unknown-at-gateway">
          <Alert variant="error">
            <strong>{t("unknownAtGatewayTitle")}:</strong> {t("unknownAtGatewayHint")}
          </Alert>
        </div>
      )}
      {row(
        t("transaction"),
        <span className="flex items-center gap-x-1">
          <span className="truncate">{charge.transaction_id}</span>
          <Copy content={charge.transaction_id} />
        </span>
      )}
      {row(t("amount"), brl(charge.amount_cents, "cents"))}
      <ChargeMethodFacts charge={charge} row={row} />
      {row(t("expires"), dateTime(charge.expires_at, locale))}
      {row(
        t("paidAt"),
        charge.paid_at
          ? `${dateTime(charge.paid_at, locale)} · ${brl(charge.paid_amount_cents ?? 0, "cents")}`
          : "—"
      )}
      <div className="flex justify-end px-6 py-3">
        <Button
          size="small"
          variant="secondary"
          isLoading={sync.isPending}
          onClick={() =>
            sync.mutate(charge.id, {
              onSuccess: (r) => toast.success(`${t("synced")}: ${r.result}`),
              onError: (e) => toast.error((e as Error).message),
            })
          }
        >
          {t("syncNow")}
        </Button>
      </div>
    </div>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderVorexyCharge
