import { StatusBadge, Text } from "@medusajs/ui"
import { statusColor } from "../lib/format"
import { useT } from "../lib/i18n"

/** A status as a badge in the admin's words, the gateway's raw value beside it in small type. */
export function StatusWords({
  raw,
  status,
  color,
}: {
  raw: string | null | undefined
  status: string
  color?: string
}) {
  const { words } = useT()
  const { word, raw: shown } = words(raw, status)
  return (
    <span className="inline-flex items-center gap-x-2">
      <StatusBadge color={statusColor(color ?? status)}>{word}</StatusBadge>
      {shown && (
        <Text as="span" size="xsmall" className="text-ui-fg-muted font-mono">
          {shown}
        </Text>
      )}
    </span>
  )
}
