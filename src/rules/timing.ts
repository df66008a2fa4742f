/**
 * The charge sync's timing in one place. A time that depends on another is derived from it here,
 * so changing one moves the others with it (`__tests__/timing.unit.spec.ts` holds the relations
 * that matter). Pure: imports nothing, and every layer may import it.
 */
const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

// The reconcile job (reconciliation/reconcile.ts, jobs/vorexy-reconcile.ts).

/**
 * How often the job runs: work that failed on a passing fault (a dead worker's lease, the
 * database or Redis back) is retried within seconds.
 */
export const RECONCILE_EVERY_MS = 10 * SECOND
/**
 * The run lock's life unless renewed (Medusa's `execute` renews it every third of that): a run
 * whose process died or froze holds back the next runs this long at most.
 */
export const RUN_LEASE_S = 15
/** A run stops taking rows after this long (the rest wait for the next run). */
export const RUN_TIME_MS = 50 * SECOND
/**
 * Two ticks without a run anywhere: the scheduler's schedule is gone (or every worker is down),
 * and a process runs the job itself (reconciliation/scheduler-fallback.ts).
 */
export const SILENT_MS = 2 * RECONCILE_EVERY_MS
/** Runs come every tick and drift a little: a sweep a little under its period still counts. */
export const SWEEP_DRIFT_MS = RECONCILE_EVERY_MS
/** A lost payment webhook of a charge under an hour old is found (and captured) within this. */
export const LOST_PAYMENT_FOUND_MS = 2 * MINUTE
/**
 * How often a pass of the recent sweep (charges awaiting payment under an hour old) starts: the
 * target less a tick's wait for the run and a tick's worth of the run's own work before the pass
 * reaches the page and the read captures (reconciliation/sweep-plan.ts).
 */
export const RECENT_PASS_MS = LOST_PAYMENT_FOUND_MS - 2 * RECONCILE_EVERY_MS
/**
 * A withdrawal the gateway has not finished is read every run while it is young (a PIX payout
 * ends within seconds, and the admin is watching), then at most this often: one stuck at the
 * gateway for a day was read 8,640 times, a third of a 10,000-order store's daily calls.
 */
export const WITHDRAWAL_YOUNG_MS = 10 * MINUTE
export const WITHDRAWAL_READ_EVERY_MS = 5 * MINUTE
/**
 * Identical withdrawal requests without a request_id are one withdrawal within this window
 * (api/admin/vorexy/withdrawals): a double click or a script's retry.
 */
export const SAME_WITHDRAWAL_WINDOW_MS = 10 * MINUTE
/**
 * A withdrawal recorded but still "requested" after this long was never sent: its request marks it
 * "unknown" the moment before it calls the gateway, milliseconds after recording it, so its process
 * died (or lost its database) in between. The job marks it failed, freeing its part of the daily
 * limit. Past the store-wide lock's wait, many times over.
 */
export const WITHDRAWAL_NEVER_SENT_MS = SAME_WITHDRAWAL_WINDOW_MS

// The charge's lease (workflows/steps/charge-lease.ts).

/** How long a charge's lease lasts unless renewed: a dead run frees the charge this fast. */
export const LEASE_S = 15
/** Renewed three times in its life: two renewals may fail or come late before it lapses. */
export const LEASE_RENEW_MS = (LEASE_S * SECOND) / 3
/**
 * How long a sync waits for a run holding its charge (a webhook's, an admin's): two lives of a
 * lease, so it outwaits a dead holder's lease and a capture is never lost to a busy charge.
 */
export const LEASE_WAIT_S = 2 * LEASE_S
/** A shopper asking for a new charge waits less for a run holding the old one. */
export const RENEWAL_LEASE_WAIT_S = 10
/** The pause between two tries at a lease another run holds. */
export const LEASE_RETRY_MS = 300
/**
 * A stored webhook event still "received" after this long was never processed (its process died,
 * or the database was gone when it ended): a lease's life and a renewal past it, so the run that
 * held its charge is surely gone. Then handed back to the subscriber.
 */
export const RECEIVED_STALE_MS = LEASE_S * SECOND + LEASE_RENEW_MS
/**
 * A webhook event's run that was handed back (woken, or by the job) may wait out its charge's
 * lease and then sync: the job does not hand it back again before this.
 */
export const EVENT_RUN_MAX_MS = LEASE_WAIT_S * SECOND + RECEIVED_STALE_MS

// A withdrawal's sync lock (workflows/sync-withdrawal.ts).

/** Held while one run reads and applies a withdrawal: a dead run's lock lapses after this. */
export const WITHDRAWAL_LOCK_S = (2 * MINUTE) / SECOND
/**
 * A webhook's sync waits as long for a run holding its withdrawal as for one holding a charge;
 * the reconcile job waits for none (that run does the work).
 */
export const WITHDRAWAL_LOCK_WAIT_S = LEASE_WAIT_S

// The order's cart lock (workflows/steps/order-cart-lock.ts).

/** Held for a capture's few steps, renewed while they run: a dead run's lock lapses this fast. */
export const CART_LOCK_S = 5
export const CART_LOCK_RENEW_MS = 1_500
export const CART_LOCK_RETRY_MS = 200
/** A capture outwaits a dead holder and a checkout of a few seconds instead of failing. */
export const CART_LOCK_WAIT_S = 12
/** Never renewed past this: a run that lost its way must not keep the cart locked. */
export const CART_LOCK_MAX_HOLD_MS = MINUTE

// A failing row's backoff (backoff.ts): exponential from the first, capped.

export const BACKOFF_FIRST_MS = MINUTE
export const BACKOFF_MAX_MS = HOUR

// A charge the gateway answers 404 for (unknown-charge.ts).

/** The wait after the 1st 404, after the 2nd: a gateway slow to show a new charge gets its time. */
export const NOT_FOUND_GAPS_MS = [2 * MINUTE, 5 * MINUTE] as const
/**
 * Past this long after the first 404, the next 404 that counts marks the charge, however few came
 * before (reads that came late: a failed sync's backoff). Never a mark without a read.
 */
export const UNKNOWN_AFTER_MS = 14 * MINUTE
/**
 * A 404 counts against a charge when the gateway answered another call this recently (else it is
 * asked: one list call). Short: a gateway that stopped answering a minute ago is not vouched for.
 */
export const GATEWAY_ANSWERED_WITHIN_MS = MINUTE
/** A 404 while the gateway answers nothing else (an outage): the charge is read again after this. */
export const OUTAGE_RETRY_MS = 2 * MINUTE

// Watching charges (workflows/utils/watch-schedule.ts, reconciliation/sweeps.ts, shopper-look.ts).

/**
 * A paid charge not yet captured (nor flagged) is looked at again this soon: its capture runs
 * right after (and clears the date), so the date only matters when the capture failed, or the
 * run died or lost its lease between the two, or a card paid at checkout got no order.
 */
export const CAPTURE_CHECK_MS = 2 * MINUTE
/** The gateway stamps a transaction before the plugin records it; clocks differ a little. */
export const HORIZON_SLACK_MS = 10 * MINUTE
/**
 * A charge the gateway cancels from this long before its expiry on was cancelled by its expiry
 * (the clocks differ a little): it is awaited through its grace like one still offered. One
 * cancelled earlier was cancelled on purpose (in the panel), and is closed at once.
 */
export const EXPIRY_CANCEL_SLACK_MS = MINUTE
/** Charges made in the last day, which pace the sweeps: counted at most this often. */
export const VOLUME_TTL_MS = 5 * MINUTE
/** The gateway's list shows a new charge within this long (its creation is not instantly listed). */
export const LISTED_WITHIN_MS = 2 * MINUTE
/** A shopper's look asks for a read at most once per charge this often. */
export const LOOK_EVERY_MS = 5 * MINUTE
/** Between two attempts at an order's new charge whose create did not answer. */
export const RENEW_RETRY_GAP_MS = 5 * SECOND

// Reads of the gateway reused within a process (gateway/recent-reads.ts, the provider).

/** No read is reused after this long, whatever a caller asks. */
export const MAX_REUSE_MS = 30 * SECOND
/**
 * Authorising, capturing and recording a refund may use a read saying paid (or refunded, or
 * disputed) that this process made this recently: the sync that decided to capture or record it
 * has just read it at the gateway. An awaiting read is never reused (the shopper may have paid
 * since).
 */
export const REUSE_READ_MS = 10 * SECOND

// The storefront's long-poll (api/store/vorexy/payment-status, modules/vorexy/charge-watch.ts).

/** A long-poll's wait when the request names none, and the most it may ask. */
export const LONG_POLL_DEFAULT_MS = 25 * SECOND
export const LONG_POLL_MAX_MS = 30 * SECOND
/** How often the watcher looks while requests wait and no announcement can reach it. */
export const WATCH_TICK_MS = 250
/** How often it looks while it hears announcements: a missed one is caught within this. */
export const WATCH_FALLBACK_TICK_MS = 2 * SECOND
/** The least time between two of the watcher's reads, however many changes are announced. */
export const WATCH_MIN_GAP_MS = 20
/** A watcher's read that takes longer is given up (a dead connection must not stop later ticks). */
export const WATCH_READ_DEADLINE_MS = 3 * SECOND
/** The announcements' listener proves itself this often, and waits this long for its proof. */
export const PUSH_PROBE_EVERY_MS = 30 * SECOND
export const PUSH_PROBE_WAIT_MS = 5 * SECOND

// Logs.

/** A delivery to Medusa's built-in webhook route ignored (a secret is set) is said this often. */
export const BUILT_IN_ROUTE_WARN_EVERY_MS = MINUTE

// The gateway client (gateway/http.ts).

/** The longest a gateway's Retry-After may hold one retry back (unless the store sets another). */
export const GATEWAY_MAX_RETRY_AFTER_MS = 30 * SECOND
