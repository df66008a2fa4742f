// Each spec file boots its own Medusa app; MikroORM's metadata must not leak between files run in
// the same worker ("Method Map.prototype.set called on incompatible receiver").
const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")
MetadataStorage.clear()
