import { clientModule } from "./added/client-module"
import { orderFacts } from "./added/order-facts"
import { orderPayment } from "./added/order-payment"
import { billingAddressEdit, shippingAddressEdit } from "./edits/address-forms"
import { cartEdit } from "./edits/cart"
import { constantsEdit } from "./edits/constants"
import { layoutEdit } from "./edits/layout"
import { orderCompletedEdit } from "./edits/order-completed"
import { ordersEdit } from "./edits/orders"
import { paymentButtonEdit } from "./edits/payment-button"
import { paymentDetailsEdit } from "./edits/payment-details"
import { paymentStepEdit } from "./edits/payment-step"
import type { Change } from "./types"

/** The starter trees these edits were verified on (the same files, at different paths). */
export const VERIFIED_ON = [
  "medusajs/dtc-starter 9233262 (apps/storefront)",
  "medusajs/nextjs-starter-medusa 9818886 (archived; the repository root)",
]

/** Every change, in the order they are printed. */
export const CHANGES: Change[] = [
  constantsEdit,
  cartEdit,
  ordersEdit,
  clientModule,
  orderFacts,
  paymentStepEdit,
  paymentButtonEdit,
  shippingAddressEdit,
  billingAddressEdit,
  orderPayment,
  orderCompletedEdit,
  paymentDetailsEdit,
  layoutEdit,
]
