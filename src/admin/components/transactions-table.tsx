import { Button, Container, Heading, Table } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { useTransactions } from "../lib/api"
import { brl, dateTime } from "../lib/format"
import { useT } from "../lib/i18n"
import { DataTable } from "./data-table"
import { StatusWords } from "./status-words"

const PAGE_SIZE = 10

export function TransactionsTable() {
  const { t, locale } = useT()
  const [page, setPage] = useState(1)
  const [sort, setSort] = useState<"createdAt_desc" | "createdAt_asc">("createdAt_desc")
  const query = useTransactions(page, sort, PAGE_SIZE)
  const { data } = query
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
      <DataTable
        testId="gateway-transactions"
        headers={[t("date"), t("customer"), t("method"), t("amount"), t("status"), t("order")]}
        rows={rows}
        rowKey={(row, i) => row.id ?? i}
        query={query}
        cells={(row) => [
          dateTime(row.created_at, locale),
          row.customer?.name ?? "—",
          methodName(row.payment_method),
          row.amount_cents === null ? "—" : brl(row.amount_cents, "cents"),
          <StatusWords
            raw={row.gateway_status}
            status={row.status}
            color={row.charge?.flag === "disputed" ? "disputed" : row.status}
          />,
          row.charge?.order_id ? (
            <Link to={`/orders/${row.charge.order_id}`}>
              {row.charge.order_display_id ? `#${row.charge.order_display_id}` : t("order")}
            </Link>
          ) : (
            "—"
          ),
        ]}
        footer={
          data && (
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
          )
        }
      />
    </Container>
  )
}

const METHODS: Record<string, string> = {
  PIX: "PIX",
  BOLETO: "Boleto",
  CREDIT_CARD: "Cartão",
  CREDITCARD: "Cartão",
}

/** The gateway's method name as people say it (PIX, Boleto, Cartão). */
function methodName(method: string | null) {
  return method ? (METHODS[method.toUpperCase()] ?? method) : "—"
}
