import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { QueryState } from "../components/query-state"
import { useBalance } from "../lib/api"
import { brl } from "../lib/format"
import { useT } from "../lib/i18n"

/** The gateway balance at a glance on the store page, with a way to the Vorexy page. */
const StoreVorexyBalance = () => {
  const { t } = useT()
  const { data, isLoading, error, refetch } = useBalance()
  const balance = data?.balance
  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Vorexy · {t("balance")}</Heading>
        <Button size="small" variant="secondary" asChild>
          <Link to="/settings/vorexy">{t("openVorexy")}</Link>
        </Button>
      </div>
      <QueryState isLoading={isLoading} error={error} onRetry={() => refetch()}>
        {balance && (
          <div className="flex items-center justify-between px-6 py-4">
            <div>
              <Text size="small" className="text-ui-fg-subtle">
                {t("available")}
              </Text>
              <Text size="xlarge" weight="plus">
                {brl(balance.available)}
              </Text>
            </div>
            <StatusBadge color={balance.withdrawals_blocked ? "red" : "green"}>
              {balance.withdrawals_blocked ? t("blocked") : t("released")}
            </StatusBadge>
          </div>
        )}
      </QueryState>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "store.details.after" })

export default StoreVorexyBalance
