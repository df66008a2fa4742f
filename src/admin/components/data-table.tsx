import { Table } from "@medusajs/ui"
import type { ReactNode } from "react"
import { QueryState } from "./query-state"

type Props<Row> = {
  testId: string
  headers: string[]
  rows: Row[]
  rowKey: (row: Row, index: number) => string | number
  /** The row's cells, in the order of `headers`. */
  cells: (row: Row) => ReactNode[]
  query: { isLoading: boolean; error: unknown; refetch: () => unknown }
  /** Under the table (e.g. pagination). */
  footer?: ReactNode
}

/** A table of rows behind the usual loading, error and empty states. */
export function DataTable<Row>({
  testId,
  headers,
  rows,
  rowKey,
  cells,
  query,
  footer,
}: Props<Row>) {
  return (
    <QueryState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={!rows.length}
      onRetry={() => query.refetch()}
    >
      <Table data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {headers.map((header) => (
              <Table.HeaderCell key={header}>{header}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={rowKey(row, index)}>
              {cells(row).map((cell, column) => (
                <Table.Cell key={column}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {footer}
    </QueryState>
  )
}
