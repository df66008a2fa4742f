import { Container, Heading, StatusBadge, Table, Text } from "@medusajs/ui"
import { useWithdrawals } from "../lib/api"
import { brl, dateTime, statusColor } from "../lib/format"
import { useT } from "../lib/i18n"
import { QueryState } from "./query-state"

export function WithdrawalHistory() {
  const { t, locale, status } = useT()
  const { data, isLoading, error, refetch } = useWithdrawals()
  const rows = data?.withdrawals ?? []
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("history")}</Heading>
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        isEmpty={!rows.length}
        onRetry={() => refetch()}
      >
        <Table data-testid="withdrawal-history">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("date")}</Table.HeaderCell>
              <Table.HeaderCell>{t("amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("key")}</Table.HeaderCell>
              <Table.HeaderCell>{t("status")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((w) => (
              <Table.Row key={w.id}>
                <Table.Cell>{dateTime(w.created_at, locale)}</Table.Cell>
                <Table.Cell>{brl(w.amount_cents, "cents")}</Table.Cell>
                <Table.Cell>
                  {w.pix_key ? `${w.pix_key_type} ${w.pix_key}` : t("bankKey")}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge color={statusColor(w.status)}>{status(w.status)}</StatusBadge>
                  {w.failure_reason && (
                    <Text size="xsmall" className="text-ui-fg-error">
                      {w.failure_reason}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      </QueryState>
    </Container>
  )
}
