export * from "./record-charges"
export * from "./mark-charge-paid"
