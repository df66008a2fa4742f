import { VOREXY_RESOURCES } from "../../policies/vorexy"

const can = (resource: string, operation: "read" | "create" | "update") => [{ resource, operation }]

/** What each admin route needs under Medusa's role-based access control (policies/vorexy.ts). */
export const ADMIN_POLICIES: Array<{
  matcher: string
  method: "GET" | "POST"
  policies: ReturnType<typeof can>
}> = [
  {
    matcher: "/admin/vorexy/balance",
    method: "GET",
    policies: can(VOREXY_RESOURCES.balance, "read"),
  },
  {
    matcher: "/admin/vorexy/transactions",
    method: "GET",
    policies: can(VOREXY_RESOURCES.balance, "read"),
  },
  {
    matcher: "/admin/vorexy/charges",
    method: "GET",
    policies: can(VOREXY_RESOURCES.charge, "read"),
  },
  {
    matcher: "/admin/vorexy/charges/:id/sync",
    method: "POST",
    policies: can(VOREXY_RESOURCES.charge, "update"),
  },
  {
    matcher: "/admin/vorexy/charges/sync-unknown",
    method: "POST",
    policies: can(VOREXY_RESOURCES.charge, "update"),
  },
  {
    matcher: "/admin/vorexy/withdrawals",
    method: "GET",
    policies: can(VOREXY_RESOURCES.withdrawal, "read"),
  },
  {
    matcher: "/admin/vorexy/withdrawal-destinations",
    method: "GET",
    policies: can(VOREXY_RESOURCES.withdrawal, "read"),
  },
  {
    matcher: "/admin/vorexy/withdrawals/:id",
    method: "GET",
    policies: can(VOREXY_RESOURCES.withdrawal, "read"),
  },
  {
    matcher: "/admin/vorexy/withdrawals",
    method: "POST",
    policies: can(VOREXY_RESOURCES.withdrawal, "create"),
  },
  { matcher: "/admin/vorexy/setup", method: "GET", policies: can(VOREXY_RESOURCES.setup, "read") },
  { matcher: "/admin/vorexy/health", method: "GET", policies: can(VOREXY_RESOURCES.setup, "read") },
  {
    matcher: "/admin/vorexy/setup/webhook-token",
    method: "POST",
    policies: can(VOREXY_RESOURCES.webhookSecret, "read"),
  },
  {
    matcher: "/admin/vorexy/webhook-self-test",
    method: "POST",
    policies: can(VOREXY_RESOURCES.setup, "update"),
  },
]
