import { Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useWithdrawals } from "../lib/api"
import { brl, dateTime, statusColor } from "../lib/format"
import { useT } from "../lib/i18n"
import { DataTable } from "./data-table"

export function WithdrawalHistory() {
  const { t, locale, status } = useT()
  const query = useWithdrawals()
  const { data } = query
  const rows = data?.withdrawals ?? []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("history")}</Heading>
      </div>
      <DataTable
        testId="withdrawal-history"
        headers={[t("date"), t("amount"), t("key"), t("requestedBy"), t("status")]}
        rows={rows}
        rowKey={(w) => w.id}
        query={query}
        cells={(w) => [
          dateTime(w.created_at, locale),
          brl(w.amount_cents, "cents"),
          w.pix_key ? `${w.pix_key_type} ${w.pix_key_masked ?? w.pix_key}` : t("bankKey"),
          w.requested_by_name ?? "—",
          <>
            <StatusBadge color={statusColor(w.status)}>{status(w.status)}</StatusBadge>
            {w.failure_reason && (
              <Text size="xsmall" className="text-ui-fg-error">
                {w.failure_reason}
              </Text>
            )}
          </>,
        ]}
      />
    </Container>
  )
}
