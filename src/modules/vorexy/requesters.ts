/**
 * Who asked for a withdrawal, in words: its `requested_by` is an actor id, an admin user's (shown
 * by e-mail) or a secret API key's (shown by its title). For the admin's history, the health card
 * and the withdrawal notices.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Scope = Pick<MedusaContainer, "resolve">

export async function requesterNames(
  scope: Scope,
  actorIds: (string | null | undefined)[]
): Promise<Map<string, string>> {
  const ids = [...new Set(actorIds.filter((id): id is string => Boolean(id)))]
  const names = new Map<string, string>()
  if (!ids.length) return names
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const users = ids.filter((id) => id.startsWith("user_"))
  const keys = ids.filter((id) => id.startsWith("apk_"))
  if (users.length) {
    const { data } = await query.graph({
      entity: "user",
      fields: ["id", "email"],
      filters: { id: users },
    })
    for (const user of data as unknown as { id: string; email: string }[])
      names.set(user.id, user.email)
  }
  if (keys.length) {
    const { data } = await query.graph({
      entity: "api_key",
      fields: ["id", "title"],
      filters: { id: keys },
    })
    for (const key of data as unknown as { id: string; title: string }[])
      names.set(key.id, `API key "${key.title}"`)
  }
  return names
}
