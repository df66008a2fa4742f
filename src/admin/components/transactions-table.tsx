import { Button, Container, Heading, StatusBadge, Table } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useTransactions } from "../lib/api"
import { brl, dateTime, statusColor } from "../lib/format"
import { useT } from "../lib/i18n"
import { QueryState } from "./query-state"

const PAGE_SIZE = 10

export function TransactionsTable() {
  const { t, locale } = useT()
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<"createdAt_desc" | "createdAt_asc">("createdAt_desc")
  const { data, isLoading, error, refetch } = useTransactions(page, sort, PAGE_SIZE)
  const rows = data?.transactions ?? []
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("transactions")}</Heading>
        <Button
          size="small"
          variant="secondary"
          onClick={() => (
            setSort(sort === "createdAt_desc" ? "createdAt_asc" : "createdAt_desc"),
            setPage(1)
          )}
        >
          {sort === "createdAt_desc" ? t("newest") : t("oldest")}
        </Button>
      </div>
      <QueryState
        isLoading={isLoading}
        error={error}
        isEmpty={!rows.length}
        onRetry={() => refetch()}
      >
        <Table data-testid="gateway-transactions">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t("date")}</Table.HeaderCell>
              <Table.HeaderCell>{t("customer")}</Table.HeaderCell>
              <Table.HeaderCell>{t("amount")}</Table.HeaderCell>
              <Table.HeaderCell>{t("status")}</Table.HeaderCell>
              <Table.HeaderCell>{t("order")}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, i) => (
              <Table.Row key={row.id ?? i}>
                <Table.Cell>{dateTime(row.created_at, locale)}</Table.Cell>
                <Table.Cell>{row.customer?.name ?? "—"}</Table.Cell>
                <Table.Cell>
                  {row.amount_cents === null ? "—" : brl(row.amount_cents, "cents")}
                </Table.Cell>
                <Table.Cell>
                  <StatusBadge color={statusColor(row.status)}>
                    {row.gateway_status ?? row.status}
                  </StatusBadge>
                </Table.Cell>
                <Table.Cell>
                  {row.charge?.order_id ? (
                    <Link to={`/orders/${row.charge.order_id}`}>
                      {row.charge.order_id.slice(-8)}
                    </Link>
                  ) : (
                    "—"
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
        {data && (
          <Table.Pagination
            count={data.total}
            pageSize={PAGE_SIZE}
            pageIndex={page - 1}
            pageCount={Math.max(1, data.total_pages)}
            canPreviousPage={page > 1}
            canNextPage={page < data.total_pages}
            previousPage={() => setPage(page - 1)}
            nextPage={() => setPage(page + 1)}
          />
        )}
      </QueryState>
    </Container>
  )
}
