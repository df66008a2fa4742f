export * from "./record-charges"
export * from "./apply-charge-observation"
