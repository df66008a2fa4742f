import { Button, Skeleton, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useT } from "../lib/i18n"

type Props = {
  isLoading: boolean
  error: unknown
  isEmpty?: boolean
  onRetry?: () => void
  children: ReactNode
}

/** Loading, error and empty states, the same everywhere. */
export function QueryState({ isLoading, error, isEmpty, onRetry, children }: Props) {
  const { t } = useT()
  if (isLoading) {
    return (
      <div className="flex flex-col gap-y-2 px-6 py-4" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
        <span className="sr-only">{t("loading")}</span>
      </div>
    )
  }
  if (error) {
    return (
      <div className="flex items-center justify-between gap-x-4 px-6 py-4" role="alert">
        <Text size="small" className="text-ui-fg-error">
          {t("error")}: {(error as Error)?.message ?? String(error)}
        </Text>
        {onRetry && (
          <Button size="small" variant="secondary" onClick={onRetry}>
            {t("retry")}
          </Button>
        )}
      </div>
    )
  }
  if (isEmpty) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4">
        {t("empty")}
      </Text>
    )
  }
  return <>{children}</>
}
