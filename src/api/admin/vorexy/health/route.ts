/**
 * GET /admin/vorexy/health — is it working: the last webhook received (when, which kind, its
 * outcome), the last 24 hours of deliveries by outcome (with duplicates and those refused for a bad
 * token), the reconcile job's last run and what it found, and what needs the admin (flagged
 * charges, unknown or stuck withdrawals) with their orders' display numbers; when the gateway knows
 * none of the store's recent charges, one setup alert instead of those charges (setup-alert.ts).
 * Local reads only.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import { BANK_KEY_MARK, RECONCILE_MARK, refusedMarkKeys } from "../../../../modules/vorexy/health"
import { requesterNames } from "../../../../modules/vorexy/requesters"
import { unwrittenRefusals } from "../../../../modules/vorexy/refused-counter"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { setupAlert } from "./setup-alert"

const ATTENTION_LIMIT = 20
/** A withdrawal Vorexy has not finished after this long is shown as stuck. */
const STUCK_AFTER_MS = 24 * 3_600_000

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [lastEvent] = await vorexy.listVorexyWebhookEvents(
    {},
    {
      order: { created_at: "DESC" },
      take: 1,
      select: ["kind", "outcome", "outcome_detail", "trusted", "created_at", "updated_at"],
    }
  )
  const counts = await vorexy.webhookCounts(24)
  const refused = await vorexy.listVorexyHealthMarks(
    { key: refusedMarkKeys(23) },
    { select: ["count"] }
  )
  const [reconcile] = await vorexy.listVorexyHealthMarks({ key: RECONCILE_MARK })

  const setup = await setupAlert(vorexy)
  // Under a setup alert, the charges it stands for are not listed one by one.
  const flagged = await vorexy.listVorexyCharges(
    setup ? { flag: { $ne: null, $nin: ["unknown_at_gateway"] } } : { flag: { $ne: null } },
    { order: { updated_at: "DESC" }, take: ATTENTION_LIMIT }
  )
  const withdrawals = await vorexy.listVorexyWithdrawals(
    {
      $or: [
        { status: "unknown" },
        {
          status: ["requested", "pending", "processing"],
          created_at: { $lt: new Date(Date.now() - STUCK_AFTER_MS) },
        },
      ],
    },
    { order: { created_at: "DESC" }, take: ATTENTION_LIMIT }
  )
  const [lastWithdrawal] = await vorexy.listVorexyWithdrawals(
    {},
    { order: { created_at: "DESC" }, take: 1 }
  )
  const [bankKeyRefused] = await vorexy.listVorexyHealthMarks({ key: BANK_KEY_MARK })
  const names = await requesterNames(
    req.scope,
    [lastWithdrawal, ...withdrawals].map((w) => w?.requested_by)
  )
  const displayIds = await orderDisplayIds(
    req,
    flagged.map((c) => c.order_id).filter((id): id is string => Boolean(id))
  )

  res.json({
    health: {
      last_webhook: lastEvent
        ? {
            received_at: lastEvent.created_at,
            kind: lastEvent.kind,
            outcome: lastEvent.outcome,
            outcome_detail: lastEvent.outcome_detail,
            authenticated: lastEvent.trusted,
          }
        : null,
      deliveries_24h: {
        processed: counts.processed ?? 0,
        duplicate: counts.duplicate,
        orphan: counts.orphan ?? 0,
        failed: (counts.failed ?? 0) + (counts.abandoned ?? 0),
        ignored: counts.ignored ?? 0,
        waiting: counts.received ?? 0,
        refused: refused.reduce((sum, mark) => sum + mark.count, unwrittenRefusals()),
      },
      reconcile: reconcile ? { last_run_at: reconcile.last_at, found: reconcile.data } : null,
      setup_alert: setup,
      withdrawals: {
        // 0: only the company's registered bank key (withdrawalPixKeys unset).
        listed_destinations: (vorexy.options.withdrawalPixKeys ?? []).length,
        bank_key_refused: bankKeyRefused
          ? {
              at: bankKeyRefused.last_at,
              message: (bankKeyRefused.data as { message?: string } | null)?.message ?? null,
            }
          : null,
        last: lastWithdrawal
          ? {
              id: lastWithdrawal.id,
              amount_cents: lastWithdrawal.amount_cents,
              status: lastWithdrawal.status,
              requested_by: lastWithdrawal.requested_by,
              requested_by_name: names.get(lastWithdrawal.requested_by ?? "") ?? null,
              created_at: lastWithdrawal.created_at,
            }
          : null,
      },
      attention: [
        ...flagged.map((charge) => ({
          type: "charge" as const,
          id: charge.id,
          reason: charge.flag,
          detail: charge.flag_detail,
          transaction_id: charge.transaction_id,
          method: charge.method,
          amount_cents: charge.amount_cents,
          order_id: charge.order_id,
          order_display_id: charge.order_id ? (displayIds.get(charge.order_id) ?? null) : null,
          since: charge.updated_at,
        })),
        ...withdrawals.map((withdrawal) => ({
          type: "withdrawal" as const,
          id: withdrawal.id,
          reason: withdrawal.status === "unknown" ? "unknown" : "stuck",
          detail: withdrawal.failure_reason ?? null,
          amount_cents: withdrawal.amount_cents,
          requested_by_name: names.get(withdrawal.requested_by ?? "") ?? withdrawal.requested_by,
          since: withdrawal.created_at,
        })),
      ],
    },
  })
}

async function orderDisplayIds(req: AuthenticatedMedusaRequest, ids: string[]) {
  if (!ids.length) return new Map<string, number>()
  const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "display_id"],
    filters: { id: [...new Set(ids)] },
  })
  return new Map(
    (data as unknown as { id: string; display_id: number }[]).map((o) => [o.id, o.display_id])
  )
}
