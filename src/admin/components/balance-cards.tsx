import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useBalance } from "../lib/api"
import { brl } from "../lib/format"
import { useT } from "../lib/i18n"
import { QueryState } from "./query-state"

export function BalanceCards() {
  const { t } = useT()
  const { data, isLoading, isFetching, error, refetch } = useBalance()
  const balance = data?.balance
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-3">
          <Heading level="h2">{t("balance")}</Heading>
          {balance && (
            <StatusBadge
              color={balance.withdrawals_blocked ? "red" : "green"}
              data-testid="balance-status"
            >
              {balance.withdrawals_blocked
                ? `${t("blocked")} (${balance.status ?? "?"})`
                : t("released")}
            </StatusBadge>
          )}
        </div>
        <Button size="small" variant="secondary" onClick={() => refetch()} isLoading={isFetching}>
          {t("refresh")}
        </Button>
      </div>
      <QueryState isLoading={isLoading} error={error} onRetry={() => refetch()}>
        {balance && (
          <div className="grid grid-cols-1 gap-4 px-6 py-4 md:grid-cols-3">
            {(
              [
                ["available", balance.available],
                ["credit", balance.credit],
                ["creditAwaiting", balance.credit_awaiting],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="bg-ui-bg-subtle rounded-lg border px-4 py-3">
                <Text size="small" className="text-ui-fg-subtle">
                  {t(label)}
                </Text>
                <Text size="xlarge" weight="plus" data-testid={`balance-${label}`}>
                  {brl(value)}
                </Text>
              </div>
            ))}
          </div>
        )}
        {balance?.withdrawals_blocked && (
          <Text size="small" className="text-ui-fg-error px-6 pb-4">
            {t("blockedHint")}
          </Text>
        )}
      </QueryState>
    </Container>
  )
}
