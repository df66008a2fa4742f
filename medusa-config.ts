/**
 * The development/test store of this repository: a stock Medusa 2.21 app that loads this plugin
 * from source (src/ is the app's src) and registers its payment provider with id "vorexy".
 * Used by the integration tests (medusaIntegrationTestRunner) and by `npm run demo`.
 */
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const env = process.env

/** A method discount from env: VOREXY_PIX_DISCOUNT_PERCENT=5 (and _MIN_TOTAL=100, in reais). */
const discountFromEnv = (percent?: string, minimumTotal?: string) =>
  percent ? { percent, minimumTotal: minimumTotal || undefined } : undefined

/** One set of options for the plugin (its module, routes, jobs) and its payment provider. */
const vorexy = {
  baseUrl: env.VOREXY_BASE_URL,
  clientId: env.VOREXY_CLIENT_ID,
  apiKey: env.VOREXY_API_KEY,
  companyId: env.VOREXY_COMPANY_ID,
  webhookSecret: env.VOREXY_WEBHOOK_SECRET,
  signingSecret: env.VOREXY_SIGNING_SECRET,
  previousSigningSecrets: env.VOREXY_PREVIOUS_SIGNING_SECRETS,
  pixExpiresInDays: env.VOREXY_PIX_EXPIRES_IN_DAYS,
  timeoutMs: env.VOREXY_TIMEOUT_MS,
  cancelOrderOnExpiry: env.VOREXY_CANCEL_ORDER_ON_EXPIRY,
  allowBuiltInWebhookRoute: env.VOREXY_ALLOW_BUILT_IN_WEBHOOK_ROUTE,
  trustProxy: env.VOREXY_TRUST_PROXY,
  webhookRetentionDays: env.VOREXY_WEBHOOK_RETENTION_DAYS,
  reconcileCallsPerMinute: env.VOREXY_RECONCILE_CALLS_PER_MINUTE,
  boletoExpiresInDays: env.VOREXY_BOLETO_EXPIRES_IN_DAYS,
  boletoGraceDays: env.VOREXY_BOLETO_GRACE_DAYS,
  renewalHours: env.VOREXY_RENEWAL_HOURS,
  maxRenewals: env.VOREXY_MAX_RENEWALS,
  renewalsPerClientPerHour: env.VOREXY_RENEWALS_PER_CLIENT_PER_HOUR,
  cardPublicKey: env.VOREXY_CARD_PUBLIC_KEY,
  cardTokenScriptUrl: env.VOREXY_CARD_TOKEN_SCRIPT_URL,
  maxInstallments: env.VOREXY_MAX_INSTALLMENTS,
  minInstallmentCents: env.VOREXY_MIN_INSTALLMENT_CENTS,
  interestFreeInstallments: env.VOREXY_INTEREST_FREE_INSTALLMENTS,
  installmentInterestPercent: env.VOREXY_INSTALLMENT_INTEREST_PERCENT,
  installmentInterestTable: env.VOREXY_INSTALLMENT_INTEREST_TABLE,
  pixDiscount: discountFromEnv(env.VOREXY_PIX_DISCOUNT_PERCENT, env.VOREXY_PIX_DISCOUNT_MIN_TOTAL),
  boletoDiscount: discountFromEnv(
    env.VOREXY_BOLETO_DISCOUNT_PERCENT,
    env.VOREXY_BOLETO_DISCOUNT_MIN_TOTAL
  ),
  paymentEmails: env.VOREXY_PAYMENT_EMAILS,
  pixReminderMinutes: env.VOREXY_PIX_REMINDER_MINUTES,
  boletoReminderHours: env.VOREXY_BOLETO_REMINDER_HOURS,
  withdrawalPixKeys: env.VOREXY_WITHDRAWAL_PIX_KEYS,
  allowApiKeyWithdrawals: env.VOREXY_ALLOW_API_KEY_WITHDRAWALS,
  withdrawalMfaMaxAgeMinutes: env.VOREXY_WITHDRAWAL_MFA_MAX_AGE_MINUTES,
  withdrawalDailyLimit: env.VOREXY_WITHDRAWAL_DAILY_LIMIT,
  withdrawalNoticeEmails: env.VOREXY_WITHDRAWAL_NOTICE_EMAILS,
  publicUrl: env.VOREXY_PUBLIC_URL,
  orderPageUrl: env.VOREXY_ORDER_PAGE_URL,
}

/**
 * E-mails through Medusa's local notification provider (it logs them; a real store configures
 * SendGrid, Resend, …). EMAIL_PROVIDER=none runs the store without an "email" channel.
 */
const notification =
  env.EMAIL_PROVIDER === "none"
    ? []
    : [
        {
          resolve: "@medusajs/medusa/notification",
          options: {
            providers: [
              {
                resolve: "@medusajs/medusa/notification-local",
                id: "local",
                options: { channels: ["email"] },
              },
            ],
          },
        },
      ]

/**
 * The production topology (docs/production.md): MEDUSA_REDIS=true puts the event bus, the
 * workflow engine (and so the scheduled jobs) and the locks on Redis, so a `server` and a `worker`
 * process (MEDUSA_WORKER_MODE) share them. Off, the store is one process on in-memory modules.
 */
const redisUrl = env.REDIS_URL || "redis://127.0.0.1:6379"
const production =
  env.MEDUSA_REDIS === "true"
    ? [
        // BullMQ handles one event at a time per worker by default: a burst of webhooks would queue.
        {
          resolve: "@medusajs/medusa/event-bus-redis",
          options: { redisUrl, workerOptions: { concurrency: 20 } },
        },
        { resolve: "@medusajs/medusa/workflow-engine-redis", options: { redis: { redisUrl } } },
        {
          resolve: "@medusajs/medusa/locking",
          options: {
            providers: [
              {
                resolve: "@medusajs/medusa/locking-redis",
                id: "locking-redis",
                is_default: true,
                options: { redisUrl },
              },
            ],
          },
        },
      ]
    : []

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    ...(env.MEDUSA_REDIS === "true" ? { redisUrl } : {}),
    http: {
      storeCors: env.STORE_CORS || "http://localhost:8000",
      adminCors: env.ADMIN_CORS || "http://localhost:9000,http://localhost:7001",
      authCors: env.AUTH_CORS || "http://localhost:9000,http://localhost:8000",
      jwtSecret: env.JWT_SECRET || "supersecret",
      cookieSecret: env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: env.MEDUSA_ADMIN_DISABLED === "true",
  },
  modules: [
    // This plugin's module (a store that installs the package gets it through `plugins`).
    { resolve: "./src/modules/vorexy", options: vorexy },
    ...notification,
    ...production,
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          {
            resolve: "./src/providers/vorexy",
            id: "vorexy",
            options: vorexy,
          },
        ],
      },
    },
  ],
})
