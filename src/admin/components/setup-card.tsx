import { Badge, Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { fetchWebhookToken, useSelfTest, useSetup, webhookUrl } from "../lib/health-api"
import { useT } from "../lib/i18n"
import { QueryState } from "./query-state"

const CONNECTION_COLORS = {
  ok: "green",
  refused: "red",
  unreachable: "orange",
  error: "red",
} as const

/** Is the plugin wired up: credentials checked now, the company id, the gateway, the webhook URL. */
export function SetupCard() {
  const { t } = useT()
  const { data, isLoading, isFetching, error, refetch } = useSetup()
  const selfTest = useSelfTest()
  const [manualCopy, setManualCopy] = useState<string | null>(null)
  const setup = data?.setup

  const copyUrl = async () => {
    if (!setup) return
    let url: string
    try {
      url = webhookUrl(setup.webhook.path, (await fetchWebhookToken()).token)
    } catch (error) {
      toast.error((error as Error).message)
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      setManualCopy(null)
      toast.success(t("copied"))
    } catch {
      // The clipboard can be refused (permissions, plain http): show it to copy by hand.
      setManualCopy(url)
    }
  }

  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="grid grid-cols-3 items-start gap-x-4 px-6 py-3" data-testid={testId}>
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="txt-small text-ui-fg-base col-span-2 flex flex-col gap-y-1">{value}</div>
    </div>
  )

  return (
    <Container className="divide-y p-0" data-testid="vorexy-setup">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("setupTitle")}</Heading>
        <Button size="small" variant="secondary" onClick={() => refetch()} isLoading={isFetching}>
          {t("refresh")}
        </Button>
      </div>
      <QueryState isLoading={isLoading} error={error} onRetry={() => refetch()}>
        {setup && (
          <>
            {row(
              t("connection"),
              <>
                <span data-testid="vorexy-connection">
                  <StatusBadge color={CONNECTION_COLORS[setup.connection.state]}>
                    {t(`conn_${setup.connection.state}`)}
                  </StatusBadge>
                </span>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {setup.connection.message ?? t("checkedIn", { ms: String(setup.connection.ms) })}
                </Text>
              </>
            )}
            {row(
              t("companyId"),
              <>
                <span>{setup.company.id ?? "—"}</span>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {t(`source_${setup.company.source ?? "none"}`)}
                </Text>
              </>
            )}
            {row(
              t("gatewayUrl"),
              <span className="flex items-center gap-x-2">
                <span className="truncate">{setup.gateway.base_url}</span>
                <Badge size="2xsmall">{t(`env_${setup.gateway.environment}`)}</Badge>
              </span>
            )}
            {row(
              t("webhookUrl"),
              <>
                <code className="txt-compact-small bg-ui-bg-subtle break-all rounded px-2 py-1">
                  {webhookUrl(setup.webhook.path, null)}
                  {setup.webhook.token_masked ? `?token=${setup.webhook.token_masked}` : ""}
                </code>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {t("webhookHint")}
                </Text>
                <div className="flex gap-x-2 pt-1">
                  <Button size="small" variant="secondary" onClick={copyUrl}>
                    {t("copyUrl")}
                  </Button>
                  <Button
                    size="small"
                    variant="secondary"
                    isLoading={selfTest.isPending}
                    onClick={() => selfTest.mutate()}
                  >
                    {t("selfTest")}
                  </Button>
                </div>
                {manualCopy && (
                  <label className="txt-small flex flex-col gap-y-1">
                    {t("copyFailed")}
                    <input
                      readOnly
                      value={manualCopy}
                      onFocus={(e) => e.currentTarget.select()}
                      className="bg-ui-bg-field rounded border px-2 py-1"
                    />
                  </label>
                )}
                <span role="status" aria-live="polite" data-testid="vorexy-self-test">
                  {selfTest.data && (
                    <StatusBadge color={selfTest.data.self_test.authenticated ? "green" : "orange"}>
                      {t(`selftest_${selfTest.data.self_test.result}`)}
                    </StatusBadge>
                  )}
                </span>
                {selfTest.error && (
                  <Text size="small" className="text-ui-fg-error" role="alert">
                    {(selfTest.error as Error).message}
                  </Text>
                )}
              </>,
              "vorexy-webhook-url"
            )}
            {row(
              t("secret"),
              <>
                <StatusBadge color={setup.webhook.secret_configured ? "green" : "red"}>
                  {setup.webhook.secret_configured ? t("secretYes") : t("secretNo")}
                </StatusBadge>
                {setup.webhook.built_in_route && (
                  <Text size="xsmall" className="text-ui-fg-muted">
                    {t("builtInRoute")}
                  </Text>
                )}
              </>
            )}
          </>
        )}
      </QueryState>
    </Container>
  )
}
