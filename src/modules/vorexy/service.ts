import { MedusaService } from "@medusajs/framework/utils"
import { notifyChargeChanged } from "./charge-watch"
import { VorexyCharge } from "./models/charge"

type ChargeUpdate = { id: string } & Record<string, unknown>

export default class VorexyModuleService extends MedusaService({ VorexyCharge }) {
  /** Updates charges and wakes the long-polls waiting on them. */
  async updateChargesAndNotify(updates: ChargeUpdate[]) {
    const updated = (await this.updateVorexyCharges(updates as any)) as unknown as Array<{ id: string }>
    for (const charge of updated) notifyChargeChanged(charge.id)
    return updated as unknown as Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>
  }
}
