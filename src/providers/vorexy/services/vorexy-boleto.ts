import { VorexyBase } from "../core/vorexy-base"
import { boletoMethod } from "../core/methods/boleto"

/** BOLETO: a bank slip created at cart authorisation, paid days later (async). */
export class VorexyBoletoService extends VorexyBase {
  static identifier = "vorexy-boleto"

  get chargeMethod() {
    return boletoMethod
  }
}
