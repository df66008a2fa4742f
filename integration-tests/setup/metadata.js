// Each spec file boots its own Medusa app; MikroORM's metadata must not leak between files run in
// the same worker ("Method Map.prototype.set called on incompatible receiver").
// (An ES module: jest's transform, @swc/jest, turns it into CommonJS like the spec files.)
import { MetadataStorage } from "@medusajs/framework/mikro-orm/core"

MetadataStorage.clear()
