import { VorexyBase } from "../core/vorexy-base"

/** PIX: the charge is created at cart authorisation and paid later by the shopper (async). */
export class VorexyPixService extends VorexyBase {
  static identifier = "vorexy-pix"

  get paymentMethod() {
    return "PIX" as const
  }
}
