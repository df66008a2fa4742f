import { VorexyBase } from "../core/vorexy-base"
import { cardMethod } from "../core/methods/card"

/** CREDIT_CARD: a browser-made token charged at cart authorisation, answered at once. */
export class VorexyCardService extends VorexyBase {
  static identifier = "vorexy-card"

  get chargeMethod() {
    return cardMethod
  }
}
