/**
 * The plugin's admin permissions, for stores that turn on Medusa's role-based access control: who
 * may see the gateway balance and charges, request a withdrawal (money leaves the store), sync a
 * charge, and see or test the webhook secret. Each admin route declares the one it needs
 * (api/middlewares.ts); without RBAC, every admin may do everything, as in the rest of Medusa.
 */
import { definePolicies } from "@medusajs/framework/utils"

export const VOREXY_RESOURCES = {
  balance: "vorexy_balance",
  charge: "vorexy_charge",
  withdrawal: "vorexy_withdrawal",
  setup: "vorexy_setup",
  webhookSecret: "vorexy_webhook_secret",
} as const

export default definePolicies([
  {
    name: "ReadVorexyBalance",
    resource: VOREXY_RESOURCES.balance,
    operation: "read",
    description: "See the Vorexy balance and the gateway's transactions",
  },
  {
    name: "ReadVorexyCharges",
    resource: VOREXY_RESOURCES.charge,
    operation: "read",
    description: "See an order's Vorexy charges",
  },
  {
    name: "UpdateVorexyCharges",
    resource: VOREXY_RESOURCES.charge,
    operation: "update",
    description: "Sync a Vorexy charge now (it may capture or cancel its order)",
  },
  {
    name: "ReadVorexyWithdrawals",
    resource: VOREXY_RESOURCES.withdrawal,
    operation: "read",
    description: "See the Vorexy withdrawals",
  },
  {
    name: "CreateVorexyWithdrawals",
    resource: VOREXY_RESOURCES.withdrawal,
    operation: "create",
    description: "Withdraw the Vorexy balance to a PIX key (money leaves the store)",
  },
  {
    name: "ReadVorexySetup",
    resource: VOREXY_RESOURCES.setup,
    operation: "read",
    description: "See the Vorexy setup and health (the webhook secret masked)",
  },
  {
    name: "UpdateVorexySetup",
    resource: VOREXY_RESOURCES.setup,
    operation: "update",
    description: "Test the Vorexy webhook (the server posts to its own webhook route)",
  },
  {
    name: "ReadVorexyWebhookSecret",
    resource: VOREXY_RESOURCES.webhookSecret,
    operation: "read",
    description: "Reveal the Vorexy webhook secret whole, to paste it in the Vorexy panel",
  },
])
