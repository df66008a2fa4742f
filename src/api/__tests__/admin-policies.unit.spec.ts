/**
 * Every admin route the plugin adds declares the permission it needs under Medusa's role-based
 * access control, and every permission it names is one the plugin defines.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import vorexyPolicies from "../../policies/vorexy"
import { ADMIN_POLICIES } from "../utils/admin-policies"

const ADMIN = join(__dirname, "..", "admin", "vorexy")

/** Each admin route file's URL and the methods it exports. */
function adminRoutes(dir = ADMIN): Array<{ matcher: string; method: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return adminRoutes(path)
    if (entry.name !== "route.ts") return []
    const url = `/admin/vorexy/${relative(ADMIN, dir)}`
      .replace(/\/$/, "")
      .replace(/\[(\w+)\]/g, ":$1")
    const source = readFileSync(path, "utf8")
    return ["GET", "POST", "DELETE", "PUT"]
      .filter((method) => new RegExp(`export const ${method}\\b`).test(source))
      .map((method) => ({ matcher: url, method }))
  })
}

it("declares a permission for every admin route and method", () => {
  const routes = adminRoutes()
  expect(routes.length).toBeGreaterThanOrEqual(11)
  const declared = ADMIN_POLICIES.map(({ matcher, method }) => `${method} ${matcher}`).sort()
  expect(declared).toEqual(routes.map(({ matcher, method }) => `${method} ${matcher}`).sort())
})

it("names only permissions the plugin defines", () => {
  const defined = new Set(vorexyPolicies.policies.map((p) => `${p.resource}:${p.operation}`))
  for (const { policies } of ADMIN_POLICIES)
    for (const { resource, operation } of policies)
      expect(defined.has(`${resource}:${operation}`)).toBe(true)
  // Money leaving and the secret revealed are permissions of their own, apart from reading.
  const need = (matcher: string) =>
    ADMIN_POLICIES.find((p) => p.matcher === matcher && p.method === "POST")!.policies[0]
  expect(need("/admin/vorexy/withdrawals")).toEqual({
    resource: "vorexy_withdrawal",
    operation: "create",
  })
  expect(need("/admin/vorexy/setup/webhook-token")).toEqual({
    resource: "vorexy_webhook_secret",
    operation: "read",
  })
})
