/**
 * Runs a withdrawal's sync the way every trigger needs it: a failure is recorded on the row,
 * outside the workflow whose compensation would erase it, unless it is not the withdrawal's own
 * (a busy withdrawal or an outage: isPassingFailure).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { SyncWithdrawalRun } from "../workflows/sync-withdrawal"
import { sendWithdrawalNotices } from "../notifications/withdrawal-notices"
import { syncWithdrawalWorkflow } from "../workflows"
import { isPassingFailure } from "../workflows/utils/busy"
import { noteWithdrawalFailure } from "../workflows/utils/withdrawal-write"
import { UNFINISHED_WITHDRAWAL } from "./withdrawal-watch"

export async function runWithdrawalSync(
  container: MedusaContainer,
  withdrawalId: string,
  input: SyncWithdrawalRun
) {
  try {
    const { result } = await syncWithdrawalWorkflow(container).run({ input })
    return result
  } catch (error) {
    // As for charges: a busy withdrawal or an outage is not the withdrawal's failure.
    if (!isPassingFailure(error)) {
      const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
      // The sync's own error is the one reported; a count that could not be written (the
      // database away) is made by its next failure.
      await noteWithdrawalFailure(vorexy, withdrawalId, UNFINISHED_WITHDRAWAL).catch(
        () => undefined
      )
    }
    throw error
  } finally {
    // Also after a failure past its write (the lock's release): the status it wrote stays, and
    // its notice is due. Each notice is sent once.
    await sendWithdrawalNotices(container, withdrawalId)
  }
}
