export * from "./fields"
export * from "./shapes"
