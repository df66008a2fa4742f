/**
 * A store at volume, filled by SQL (not through checkout): 30 days at 10,000 orders a day, i.e.
 * 300,000 rows in vorexy_charge in the mix of a real month, the webhook events they would have
 * left (and the month before's, their bodies dropped: the table only grows), a few hundred
 * withdrawals, and Medusa's orders, payment collections, payment sessions and
 * payments linked to the charges as the plugin links them (minimal rows: only what the plugin's
 * queries and Medusa's not-null columns need). Each table is one INSERT ... SELECT over
 * generate_series, so the whole seed takes well under a minute.
 *
 * Standalone: `tsx bench/volume-seed.ts` seeds VOLUME_DB (default vorexy_volume) on DB_HOST,
 * already migrated (bench/volume.ts makes and migrates it).
 */
import { hkdfSync } from "node:crypto"
import { Client } from "@medusajs/framework/pg"

export const ORDERS_PER_DAY = 10_000
export const DAYS = 30
export const CHARGES = ORDERS_PER_DAY * DAYS
/** Seconds between two charges: a month's 300,000 spread evenly (8.64 s). */
const GAP_SECONDS = (24 * 3600) / ORDERS_PER_DAY

/**
 * Row i (1 = the newest) made i × 8.64 s ago; b and b2 are two independent buckets 0-999 that
 * pick its method and its outcome. The mix (per 1,000 charges): PIX 600 (70 % paid, the rest
 * abandoned: pending until it lapses after a day, then cancelled), boleto 150 (60 % paid after
 * about a day, the rest lapsed after 3 days and 3 days' grace), card 250 (80 % approved, 15 %
 * refused, 5 % in analysis for its first day). Of the paid: 1 % refunded, 0.2 % disputed, a few
 * flagged (amount mismatch, late payment); a few charges keep failing to sync or are unknown at
 * the gateway.
 */
const chargeRows = (companyId: string) => `
with base as materialized (
  select i,
    now() - make_interval(secs => i * ${GAP_SECONDS}) as created_at,
    ((i::bigint * 7919) % 1000)::int as b,
    ((i::bigint * 104729 + 17) % 1000)::int as b2
  from generate_series(1, ${CHARGES}) as i
), kind as materialized (
  select *,
    case when b < 600 then 'pix' when b < 750 then 'boleto' else 'credit_card' end as method,
    (1990 + (i * 37) % 48000) as amount_cents
  from base
), timed as materialized (
  select *,
    case method
      when 'pix' then created_at + interval '1 day'
      when 'boleto' then created_at + interval '3 days'
      else null end as expires_at,
    case
      when method = 'pix' and b2 < 700 then created_at + make_interval(secs => 20 + b2 % 600)
      when method = 'boleto' and b2 < 600 then created_at + make_interval(hours => 6 + b2 % 40)
      when method = 'credit_card' and b2 < 800 then created_at + make_interval(secs => 3 + b2 % 5)
      when method = 'credit_card' and b2 >= 950 and created_at < now() - interval '1 day'
        then created_at + make_interval(hours => 2 + b2 % 20)
      else null end as paid_guess
  from kind
), settled as materialized (
  select *,
    case when paid_guess is not null and paid_guess < now() then paid_guess else null end as paid_at
  from timed
), state as materialized (
  select *,
    case
      when paid_at is not null and i % 500 = 13 then 'disputed'
      when paid_at is not null and i % 100 = 7 then 'refunded'
      when paid_at is not null then 'paid'
      when method = 'credit_card' and b2 >= 800 and b2 < 950 then 'failed'
      when method = 'credit_card' then 'pending'
      when method = 'pix' and expires_at > now() then 'pending'
      when method = 'boleto' and expires_at + interval '3 days' > now() then 'pending'
      else 'cancelled' end as status
  from settled
)
select
  'vxch_vol' || lpad(i::text, 7, '0'),
  'vol-' || md5(i::text),
  case when created_at > now() - interval '5 minutes' then null else (2000000 - i)::text end,
  'payses_vol' || i,
  'pay_col_vol' || i,
  case when status = 'failed' then null else 'order_vol' || i end,
  case method when 'pix' then 'pp_vorexy-pix_vorexy' when 'boleto' then 'pp_vorexy-boleto_vorexy'
    else 'pp_vorexy-card_vorexy' end,
  method, amount_cents, 'brl', status,
  case status when 'paid' then 'PAID' when 'refunded' then 'REFUNDED' when 'disputed' then 'CHARGEBACK'
    when 'failed' then 'REFUSED' when 'cancelled' then 'EXPIRED'
    else case when method = 'credit_card' then 'IN_ANALYSIS' else 'WAITING_PAYMENT' end end,
  case when paid_at is null then null when i % 2000 = 17 then amount_cents - 100 else amount_cents end,
  case when status = 'refunded' then amount_cents else null end,
  case when method = 'pix' then '00020101021226850014br.gov.bcb.pix2563qrcode.vorexy.example/pix/v2/'
    || md5(i::text) || '5204000053039865802BR5913VOREXY STORE6009SAO PAULO62070503***6304ABCD' else null end,
  case when method = 'pix' then 'https://qr.vorexy.example/' || md5(i::text) || '.png' else null end,
  case method
    when 'boleto' then jsonb_build_object('digitable_line', '34191.79001 01043.510047 91020.150008 ' || i,
      'barcode', '34199' || lpad(i::text, 39, '0'), 'pdf_url', 'https://boleto.vorexy.example/' || i,
      'due_date', to_char(expires_at, 'YYYY-MM-DD'))
    when 'credit_card' then jsonb_build_object('brand', 'visa', 'last4', lpad((i % 10000)::text, 4, '0'),
      'installments', 1 + i % 6,
      'refusal_reason', case when status = 'failed' then 'insufficient_funds' else null end)
    else null end,
  expires_at, paid_at,
  case when status in ('paid', 'refunded', 'disputed') then paid_at + interval '4 seconds' else null end,
  '${companyId}',
  case when i % 500 = 13 and paid_at is not null then 'disputed'
    when i % 2000 = 17 and paid_at is not null then 'amount_mismatch'
    when i % 3000 = 29 and paid_at is not null then 'late_payment'
    when i % 4000 = 11 then 'sync_failing'
    else null end,
  case when i % 4000 = 11 then '5 syncs failed in a row; the last: timeout' else null end,
  coalesce(paid_at, created_at + interval '2 seconds'),
  case when i % 4000 = 11 then 5 else 0 end,
  -- Read once at its expiry (a pending PIX or boleto), in analysis read again in an hour, a failing
  -- sync on its backoff; nothing else is due.
  case when i % 4000 = 11 then now() + make_interval(mins => (i % 60)::int)
    when status = 'pending' and method = 'credit_card' then now() + make_interval(mins => (i % 60)::int)
    when status = 'pending' and method = 'boleto' then expires_at + interval '3 days'
    when status = 'pending' then expires_at
    else null end,
  case when i % 5000 = 3 then 3 else 0 end,
  case when i % 5000 = 3 then created_at + interval '1 minute' else null end,
  case when i % 5000 = 3 then created_at + interval '3 hours' else null end,
  case when i % 5000 = 3 then created_at + interval '3 hours' else null end,
  case when status = 'cancelled' and i % 50 = 1 then created_at + interval '2 hours' else null end,
  case when status = 'cancelled' and i % 50 = 1 then 'order_canceled' else null end,
  case when method in ('pix', 'boleto') and status <> 'paid' and b2 % 3 = 0
    then coalesce(expires_at, created_at) - interval '2 hours' else null end,
  created_at,
  coalesce(paid_at, created_at) + interval '5 seconds'
from state`

const CHARGE_COLUMNS = `id, transaction_id, gateway_internal_id, payment_session_id, payment_collection_id,
  order_id, provider_id, method, amount_cents, currency_code, status, gateway_status, paid_amount_cents,
  refunded_amount_cents, qr_code, qr_code_image, details, expires_at, paid_at, captured_at, company_id,
  flag, flag_detail, last_synced_at, sync_failures, next_sync_at, not_found_reads, not_found_since,
  not_found_last_at, gateway_unknown_at, offer_closed_at, offer_closed_reason, reminded_at,
  created_at, updated_at`

/**
 * The webhook events the month left: one when the charge was created (a PIX's "waiting payment"),
 * one more for each charge that moved (paid, lapsed, refused, refunded, disputed), a few delivered
 * twice; bodies older than the 30-day retention dropped. A few orphans, ignored, failed (retried
 * with backoff; those older than a day abandoned, as their retries would have left them) and, in
 * the last minutes, still received.
 */
const EVENT_ROWS = (second: boolean) => `
select
  'vxwh_vol${second ? "b" : "a"}' || c.id,
  '${second ? "moved" : "created"}:' || c.transaction_id,
  md5(c.id || '${second ? "b" : "a"}'),
  'cash_in',
  c.transaction_id,
  ${second ? "c.gateway_status" : "'WAITING_PAYMENT'"},
  case when ev.at < now() - interval '30 days' then '{}'::jsonb else jsonb_build_object(
    'id', c.gateway_internal_id, 'externalId', c.payment_session_id, 'status', ${second ? "c.gateway_status" : "'WAITING_PAYMENT'"},
    'amountCents', c.amount_cents, 'method', c.method,
    'customer', jsonb_build_object('name', 'Cliente ' || c.id, 'email', c.id || '@example.com',
      'document', lpad((abs(hashtext(c.id)) % 100000000000)::text, 11, '0'))) end,
  true,
  case when hashtext(c.id) % 20 = 0 then 2 else 1 end,
  1,
  case
    when ev.at > now() - interval '3 minutes' and hashtext(c.id) % 4 = 0 then 'received'
    when hashtext(c.id) % 997 = 0 and ev.at > now() - interval '1 day' then 'failed'
    when hashtext(c.id) % 997 = 0 then 'abandoned'
    when hashtext(c.id) % 1009 = 0 then 'orphan'
    when ${second ? "false" : "c.method = 'credit_card'"} then 'ignored'
    else 'processed' end,
  case when ev.at > now() - interval '3 minutes' and hashtext(c.id) % 4 = 0 then null else ev.at + interval '1 second' end,
  case when hashtext(c.id) % 997 = 0 and ev.at > now() - interval '1 day'
    then now() + make_interval(mins => abs(hashtext(c.id)) % 30) else null end,
  case when ev.at < now() - interval '30 days' then ev.at + interval '30 days' else null end,
  ev.at, ev.at + interval '1 second'
from vorexy_charge c
cross join lateral (select ${
  second
    ? "coalesce(c.paid_at, c.expires_at, c.created_at + interval '5 seconds') + case when c.status in ('refunded', 'disputed') then interval '3 days' else interval '0' end"
    : "c.created_at + interval '1 second'"
} as at) ev
where ${second ? "c.status <> 'pending' and" : ""} ev.at < now()`

/**
 * The month before: a store that has run for two months keeps its first month's events too (they
 * are never deleted), their bodies dropped after the 30-day retention. Two events per order.
 */
const HISTORY_ROWS = `
select 'vxwh_volh' || i, 'history:' || i, md5('h' || i), 'cash_in', 'vol-h-' || (i / 2),
  case when i % 2 = 0 then 'WAITING_PAYMENT' else 'PAID' end, '{}'::jsonb, true, 1, 1,
  case when i % 8 = 0 then 'ignored' else 'processed' end, at + interval '1 second', null,
  at + interval '30 days', at, at + interval '1 second'
from (select i, now() - interval '30 days' - make_interval(secs => i * ${GAP_SECONDS / 2}) as at
  from generate_series(1, ${CHARGES * 2}) as i) h`

const EVENT_COLUMNS = `id, event_key, header_event_id, kind, reference_id, status_hint, body, trusted,
  deliveries, processing_attempts, outcome, processed_at, next_attempt_at, body_dropped_at,
  created_at, updated_at`

/** About 10 withdrawals a day: most successful, a few pending, processing, failed, one unknown. */
const WITHDRAWAL_ROWS = `
select 'vxwd_vol' || i, 'idem-vol-' || i, (2000000 + i * 13)::text, 50000 + (i * 977) % 900000,
  'ana@example.com', 'EMAIL', 'payout ' || i,
  case when i = 1 then 'unknown' when i <= 3 then 'pending' when i <= 5 then 'processing'
    when i % 40 = 0 then 'failed' else 'successful' end,
  'user_vol', '1', now() - make_interval(mins => i * 144), now() - make_interval(mins => i * 144) + interval '1 minute'
from generate_series(1, 300) as i`

/**
 * Medusa's rows as the plugin links them: an order per charge that reached one (a refused card
 * leaves none), its payment collection (linked by order_payment_collection), the payment session
 * the charge names, and a payment (captured when the charge was).
 */
const medusaRows = (binding: Binding | null) => [
  `insert into payment_collection (id, currency_code, amount, raw_amount, status, created_at, updated_at, captured_amount, raw_captured_amount)
   select payment_collection_id, 'brl', amount_cents / 100.0,
     jsonb_build_object('value', (amount_cents / 100.0)::text, 'precision', 20),
     case when captured_at is not null then 'completed' when order_id is not null then 'authorized' else 'not_paid' end,
     created_at, updated_at,
     case when captured_at is not null then amount_cents / 100.0 else null end,
     case when captured_at is not null then jsonb_build_object('value', (amount_cents / 100.0)::text, 'precision', 20) else null end
   from vorexy_charge`,
  `insert into payment_session (id, currency_code, amount, raw_amount, provider_id, data, status, payment_collection_id, created_at, updated_at, authorized_at)
   select payment_session_id, 'brl', amount_cents / 100.0,
     jsonb_build_object('value', (amount_cents / 100.0)::text, 'precision', 20), provider_id,
     ${SESSION_DATA(binding)},
     case when order_id is not null then 'authorized' else 'error' end,
     payment_collection_id, created_at, updated_at,
     case when order_id is not null then created_at else null end
   from vorexy_charge`,
  `insert into "order" (id, region_id, customer_id, email, currency_code, status, created_at, updated_at)
   select order_id, 'reg_vol', 'cus_vol' || (substr(order_id, 10)::int % 50000), 'shopper@example.com', 'brl',
     (case when status = 'cancelled' and offer_closed_reason = 'order_canceled' then 'canceled' else 'pending' end)::order_status_enum,
     created_at, updated_at
   from vorexy_charge where order_id is not null`,
  `insert into order_payment_collection (id, order_id, payment_collection_id, created_at, updated_at)
   select 'ordpaycol_vol' || substr(order_id, 10), order_id, payment_collection_id, created_at, updated_at
   from vorexy_charge where order_id is not null`,
  `insert into payment (id, amount, raw_amount, currency_code, provider_id, data, payment_collection_id, payment_session_id, captured_at, created_at, updated_at)
   select 'pay_vol' || substr(order_id, 10), amount_cents / 100.0,
     jsonb_build_object('value', (amount_cents / 100.0)::text, 'precision', 20), 'brl', provider_id,
     ${SESSION_DATA(binding)}, payment_collection_id, payment_session_id,
     captured_at, created_at, updated_at
   from vorexy_charge where order_id is not null`,
  // A captured payment's capture, as Medusa records it (the sync confirms a capture by it).
  `insert into capture (id, amount, raw_amount, payment_id, created_at, updated_at)
   select 'capt_vol' || substr(order_id, 10), amount_cents / 100.0,
     jsonb_build_object('value', (amount_cents / 100.0)::text, 'precision', 20),
     'pay_vol' || substr(order_id, 10), captured_at, captured_at
   from vorexy_charge where order_id is not null and captured_at is not null`,
]

/**
 * What the provider signs into a session's data (providers/vorexy/core/binding.ts): HMAC-SHA256
 * under the key the keyring derives from the store's signing secret, over the session, the
 * transaction, the amount and the company. With it, a seeded charge's sync acts on it as on a
 * charge made by checkout; without it, every sync of one refuses it ("not created for this
 * payment session").
 */
export type Binding = { keyHex: string; companyId: number }

export function bindingKeyHex(signingSecret: string) {
  return Buffer.from(
    hkdfSync("sha256", signingSecret, "medusa-payment-vorexy", "charge-binding-v1", 32)
  ).toString("hex")
}

const SESSION_DATA = (binding: Binding | null) =>
  binding
    ? `jsonb_build_object('transaction_id', transaction_id, 'status', gateway_status,
        'session_id', payment_session_id, 'amount_cents', amount_cents, 'payment_method', method,
        'gateway_company_id', ${binding.companyId},
        'charge_binding', 'v1.' || rtrim(translate(encode(hmac(convert_to(
          '["' || payment_session_id || '","' || transaction_id || '","' || amount_cents::text
            || '","${binding.companyId}"]', 'UTF8'),
          decode('${binding.keyHex}', 'hex'), 'sha256'), 'base64'), '+/', '-_'), '='))`
    : `jsonb_build_object('transaction_id', transaction_id, 'status', gateway_status)`

export type SeedCounts = Record<string, number>

async function timed(client: Client, label: string, text: string, log: (l: string) => void) {
  const started = Date.now()
  const result = await client.query(text)
  log(`  ${label}: ${result.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

/**
 * Fills a migrated database; the tables' row counts and sizes after ANALYZE. `companyId`: the
 * gateway account the charges belong to (the live run's sandbox company).
 */
export async function seedVolume(
  connectionString: string,
  log: (line: string) => void = console.log,
  companyId = "1",
  binding: Binding | null = null
): Promise<{ seconds: number; tables: { table: string; rows: number; size: string }[] }> {
  const client = new Client({ connectionString })
  await client.connect()
  const started = Date.now()
  try {
    // Seeded again from empty (the database is the benchmark's own).
    await client.query(
      `truncate vorexy_charge, vorexy_webhook_event, vorexy_withdrawal, payment, payment_session,
         order_payment_collection, "order", payment_collection cascade`
    )
    await timed(
      client,
      "vorexy_charge",
      `insert into vorexy_charge (${CHARGE_COLUMNS}) ${chargeRows(companyId)}`,
      log
    )
    await timed(
      client,
      "vorexy_webhook_event (created)",
      `insert into vorexy_webhook_event (${EVENT_COLUMNS}) ${EVENT_ROWS(false)}`,
      log
    )
    await timed(
      client,
      "vorexy_webhook_event (moved)",
      `insert into vorexy_webhook_event (${EVENT_COLUMNS}) ${EVENT_ROWS(true)}`,
      log
    )
    await timed(
      client,
      "vorexy_webhook_event (the month before, bodies dropped)",
      `insert into vorexy_webhook_event (${EVENT_COLUMNS}) ${HISTORY_ROWS}`,
      log
    )
    await timed(
      client,
      "vorexy_withdrawal",
      `insert into vorexy_withdrawal (id, idempotency_key, gateway_id, amount_cents, pix_key, pix_key_type,
         description, status, requested_by, company_id, created_at, updated_at) ${WITHDRAWAL_ROWS}`,
      log
    )
    if (binding) await client.query("create extension if not exists pgcrypto")
    for (const text of medusaRows(binding))
      await timed(client, /insert into (\S+)/.exec(text)![1], text, log)
    await client.query("vacuum analyze")
    const { rows } = await client.query(
      `select relname as table, n_live_tup::int as rows,
         pg_size_pretty(pg_total_relation_size(relid)) as size
       from pg_stat_user_tables
       where relname in ('vorexy_charge', 'vorexy_webhook_event', 'vorexy_withdrawal', 'order',
         'payment_collection', 'payment_session', 'payment', 'order_payment_collection')
       order by n_live_tup desc`
    )
    return { seconds: (Date.now() - started) / 1000, tables: rows }
  } finally {
    await client.end()
  }
}

if (require.main === module) {
  const { DB_USERNAME = "postgres", DB_PASSWORD = "", DB_HOST = "127.0.0.1" } = process.env
  const url = `postgres://${DB_USERNAME}:${DB_PASSWORD}@${DB_HOST}:${process.env.DB_PORT ?? 5432}/${process.env.VOLUME_DB ?? "vorexy_volume"}`
  seedVolume(url)
    .then((result) => console.log(result))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
