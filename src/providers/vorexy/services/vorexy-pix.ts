import { VorexyBase } from "../core/vorexy-base"
import { pixMethod } from "../core/methods/pix"

/** PIX: the charge is created at cart authorisation and paid later by the shopper (async). */
export class VorexyPixService extends VorexyBase {
  static identifier = "vorexy-pix"

  get chargeMethod() {
    return pixMethod
  }
}
