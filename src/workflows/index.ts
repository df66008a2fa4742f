export * from "./record-charges"
export * from "./sync-charge"
export * from "./sync-withdrawal"
export * from "./request-withdrawal"
