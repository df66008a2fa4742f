/** The clean-up of old webhook bodies (personal data): how much a run drops, and its statement. */

/**
 * Webhook bodies dropped per reconcile run at most (a run every 10 s: far more than a store's
 * deliveries come in; a backlog of a month at 10,000 orders a day goes in about an hour).
 */
export const DROP_BODIES_PER_RUN = 1_000

/**
 * The clean-up's statement: the bodies of the oldest `limit` processed events past `days`, dropped
 * (whole numbers only: checked, then written into the statement).
 */
export function dropOldBodiesSql(days: number, limit: number) {
  if (!Number.isInteger(days) || !Number.isInteger(limit)) throw new Error("whole numbers only")
  return `update vorexy_webhook_event set body = '{}'::jsonb, body_dropped_at = now()
       where id in (
         select id from vorexy_webhook_event
         where body_dropped_at is null and deleted_at is null
           and outcome not in ('received', 'failed')
           and created_at < now() - make_interval(days => ${days})
         order by created_at
         limit ${limit})`
}
