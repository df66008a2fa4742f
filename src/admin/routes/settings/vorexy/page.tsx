import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CurrencyDollar } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { BalanceCards } from "../../../components/balance-cards"
import { HealthCard } from "../../../components/health-card"
import { SetupCard } from "../../../components/setup-card"
import { TransactionsTable } from "../../../components/transactions-table"
import { WithdrawalForm } from "../../../components/withdrawal-form"
import { WithdrawalHistory } from "../../../components/withdrawal-history"
import { useT } from "../../../lib/i18n"

const VorexyPage = () => {
  const { t } = useT()
  return (
    <div className="flex flex-col gap-y-3" data-testid="vorexy-page">
      <Container className="px-6 py-4">
        <Heading level="h1">{t("title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("subtitle")}
        </Text>
      </Container>
      <SetupCard />
      <HealthCard />
      <BalanceCards />
      <WithdrawalForm />
      <WithdrawalHistory />
      <TransactionsTable />
    </div>
  )
}

export const config = defineRouteConfig({ label: "Vorexy", icon: CurrencyDollar })

export default VorexyPage
