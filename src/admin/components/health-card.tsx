import { Alert, Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { brl, dateTime } from "../lib/format"
import {
  Attention,
  Health,
  SyncUnknownProgress,
  useHealth,
  useSyncAllUnknown,
} from "../lib/health-api"
import { TextKey, useT } from "../lib/i18n"
import { QueryState } from "./query-state"

const OUTCOMES = [
  "processed",
  "duplicate",
  "orphan",
  "failed",
  "ignored",
  "waiting",
  "refused",
] as const
const BAD = new Set(["failed", "refused", "orphan"])

/** Is it working: the last webhook, a day of deliveries, the reconcile job, what needs the admin. */
export function HealthCard() {
  const { t, locale } = useT()
  const { data, isLoading, error, refetch } = useHealth()
  const health = data?.health
  const found = (health?.reconcile?.found ?? {}) as Record<string, number>

  return (
    <Container className="divide-y p-0" data-testid="vorexy-health">
      <div className="px-6 py-4">
        <Heading level="h2">{t("healthTitle")}</Heading>
      </div>
      <QueryState isLoading={isLoading} error={error} onRetry={() => refetch()}>
        {health && (
          <>
            <div className="grid grid-cols-1 gap-4 px-6 py-4 md:grid-cols-2">
              <div data-testid="vorexy-last-webhook">
                <Text size="small" weight="plus" className="text-ui-fg-subtle">
                  {t("lastWebhook")}
                </Text>
                {health.last_webhook ? (
                  <Text size="small">
                    {dateTime(health.last_webhook.received_at, locale)} ·{" "}
                    {t(`kind_${health.last_webhook.kind}`)} ·{" "}
                    {t(`out_${health.last_webhook.outcome}` as TextKey)}
                    {!health.last_webhook.authenticated && ` · ${t("unauthenticated")}`}
                  </Text>
                ) : (
                  <Text size="small">{t("never")}</Text>
                )}
              </div>
              <div data-testid="vorexy-reconcile">
                <Text size="small" weight="plus" className="text-ui-fg-subtle">
                  {t("reconcileJob")}
                </Text>
                <Text size="small">
                  {health.reconcile
                    ? `${dateTime(health.reconcile.last_run_at, locale)} · ${t("reconcileFound", {
                        charges: String(found.charges ?? 0),
                        withdrawals: String(found.withdrawals ?? 0),
                        pages: String(found.sweep_pages ?? 0),
                        failures: String(found.failures ?? 0),
                      })}`
                    : t("neverRan")}
                </Text>
              </div>
            </div>
            <div className="px-6 py-4" data-testid="vorexy-deliveries">
              <Text size="small" weight="plus" className="text-ui-fg-subtle pb-2">
                {t("deliveries24h")}
              </Text>
              <dl className="grid grid-cols-2 gap-2 md:grid-cols-7">
                {OUTCOMES.map((outcome) => (
                  <div key={outcome} className="bg-ui-bg-subtle rounded-lg border px-3 py-2">
                    <dt className="txt-xsmall text-ui-fg-subtle">{t(`out_${outcome}`)}</dt>
                    <dd
                      className={`txt-large-plus ${BAD.has(outcome) && health.deliveries_24h[outcome] ? "text-ui-fg-error" : ""}`}
                    >
                      {health.deliveries_24h[outcome]}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
            {health.setup_alert && (
              <div className="px-6 py-4" data-testid="vorexy-setup-alert">
                <Alert variant="error">
                  <strong>{t("setupAlertTitle")}:</strong>{" "}
                  {t("setupAlertBody", {
                    count: String(health.setup_alert.unknown_charges),
                    since: dateTime(health.setup_alert.since, locale),
                  })}
                </Alert>
              </div>
            )}
            {health.withdrawals && <WithdrawalsHealth withdrawals={health.withdrawals} />}
            <div className="px-6 py-4" data-testid="vorexy-attention">
              <Text size="small" weight="plus" className="text-ui-fg-subtle pb-2">
                {t("attention")}
              </Text>
              {(health.setup_alert ||
                health.attention.some((item) => item.reason === "unknown_at_gateway")) && (
                <SyncAllUnknown />
              )}
              {health.attention.length ? (
                <ul className="flex flex-col gap-y-2">
                  {health.attention.map((item) => (
                    <AttentionItem key={item.id} item={item} />
                  ))}
                </ul>
              ) : (
                <Text size="small">{t("nothingToDo")}</Text>
              )}
            </div>
          </>
        )}
      </QueryState>
    </Container>
  )
}

function AttentionItem({ item }: { item: Attention }) {
  const { t } = useT()
  const reason = `reason_${item.reason}` as TextKey
  return (
    <li className="txt-small flex flex-wrap items-center gap-x-2">
      <StatusBadge color={item.reason === "disputed" ? "red" : "orange"}>{t(reason)}</StatusBadge>
      <span>{brl(item.amount_cents, "cents")}</span>
      {item.order_id ? (
        <Link to={`/orders/${item.order_id}`}>
          {t("order")} {item.order_display_id ? `#${item.order_display_id}` : ""}
        </Link>
      ) : (
        item.type === "withdrawal" && <span>{t("withdrawal")}</span>
      )}
      {item.requested_by_name && <span>{item.requested_by_name}</span>}
      {item.detail && <span className="text-ui-fg-subtle">{item.detail}</span>}
    </li>
  )
}

/** "Sync all unknown": batch after batch until none is left, with the progress so far. */
function SyncAllUnknown() {
  const { t } = useT()
  const sync = useSyncAllUnknown()
  const [done, setDone] = useState<(SyncUnknownProgress & { running: boolean }) | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const run = async () => {
    setFailure(null)
    let total = { synced: 0, cleared: 0, remaining: 0, next: null as string | null, running: true }
    setDone(total)
    try {
      do {
        const step = await sync.mutateAsync(total.next)
        total = {
          synced: total.synced + step.synced,
          cleared: total.cleared + step.cleared,
          remaining: step.remaining,
          next: step.next,
          running: step.next !== null,
        }
        setDone(total)
      } while (total.next !== null)
    } catch (error) {
      setFailure((error as Error).message)
      setDone({ ...total, running: false })
    }
  }

  const vars = (p: SyncUnknownProgress) => ({
    synced: String(p.synced),
    cleared: String(p.cleared),
    remaining: String(p.remaining),
  })
  return (
    <div className="flex flex-wrap items-center gap-x-3 pb-2" data-testid="vorexy-sync-unknown">
      <Button size="small" variant="secondary" isLoading={done?.running} onClick={() => run()}>
        {t("syncAllUnknown")}
      </Button>
      {done && (
        <Text size="small" className="text-ui-fg-subtle">
          {t(done.running ? "syncAllUnknownProgress" : "syncAllUnknownDone", vars(done))}
        </Text>
      )}
      {failure && (
        <Text size="small" className="text-ui-fg-error">
          {t("syncAllUnknownFailed", { message: failure })}
        </Text>
      )}
    </div>
  )
}

/** Where withdrawals may go, why the bank key was refused, and who asked for the last one. */
function WithdrawalsHealth({ withdrawals }: { withdrawals: NonNullable<Health["withdrawals"]> }) {
  const { t, locale, status } = useT()
  const { listed_destinations: listed, bank_key_refused: refused, last } = withdrawals
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="vorexy-withdrawals-health">
      <Text size="small" weight="plus" className="text-ui-fg-subtle">
        {t("withdrawalsTitle")}
      </Text>
      <Text size="small">
        {listed ? t("destinationsListed", { count: String(listed) }) : t("destinationsBankOnly")}
      </Text>
      {refused && (
        <Alert variant="warning">
          {t("bankKeyRefused", {
            at: dateTime(refused.at, locale),
            message: refused.message ?? "",
          })}
        </Alert>
      )}
      {last && (
        <Text size="small">
          {t("lastWithdrawal", {
            amount: brl(last.amount_cents, "cents"),
            at: dateTime(last.created_at, locale),
            who: last.requested_by_name ?? "—",
            status: status(last.status),
          })}
        </Text>
      )}
    </div>
  )
}
