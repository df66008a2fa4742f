import { Module } from "@medusajs/framework/utils"
import VorexyModuleService from "./service"

export const VOREXY_MODULE = "vorexy"

export default Module(VOREXY_MODULE, { service: VorexyModuleService })
