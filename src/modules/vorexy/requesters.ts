/**
 * Who asked for a withdrawal, in words: its `requested_by` is an actor id, an admin user's (shown
 * by e-mail) or a secret API key's (shown by its title). For the admin's history, the health card
 * and the withdrawal notices.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Scope = Pick<MedusaContainer, "resolve">

/** Each kind of actor: its id prefix, where it is read, and how it is named. */
const ACTORS = [
  { prefix: "user_", entity: "user", field: "email", name: (email: string) => email },
  {
    prefix: "apk_",
    entity: "api_key",
    field: "title",
    name: (title: string) => `API key "${title}"`,
  },
] as const

export async function requesterNames(
  scope: Scope,
  actorIds: (string | null | undefined)[]
): Promise<Map<string, string>> {
  const ids = [...new Set(actorIds.filter((id): id is string => Boolean(id)))]
  const names = new Map<string, string>()
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  for (const actor of ACTORS) {
    const wanted = ids.filter((id) => id.startsWith(actor.prefix))
    if (!wanted.length) continue
    const { data } = await query.graph({
      entity: actor.entity,
      fields: ["id", actor.field],
      filters: { id: wanted },
    })
    for (const row of data as unknown as Record<string, string>[])
      names.set(row.id, actor.name(row[actor.field]))
  }
  return names
}
