/** Row types of the plugin's tables, inferred from the data models. */
import type { InferTypeOf } from "@medusajs/framework/types"
import type { VorexyCharge } from "./models/charge"
import type { VorexyWebhookEvent } from "./models/webhook-event"
import type { VorexyWithdrawal } from "./models/withdrawal"

export type VorexyChargeRow = InferTypeOf<typeof VorexyCharge>
export type VorexyWithdrawalRow = InferTypeOf<typeof VorexyWithdrawal>
export type VorexyWebhookEventRow = InferTypeOf<typeof VorexyWebhookEvent>

/** An update of one row: its id and the fields to set. */
export type RowUpdate<Row> = { id: string } & Partial<Omit<Row, "id">>
