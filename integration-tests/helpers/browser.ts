/**
 * Headless Chromium for the browser tests, driven by playwright-core (which never downloads a
 * browser). CHROMIUM_PATH names one to use; otherwise the Chromium that the npm package
 * @sparticuz/chromium ships (brotli-compressed inside the package) is unpacked once per version
 * into the temporary folder, so `npm install && npm test` needs nothing but Node and npm.
 */
import { chmodSync, createReadStream, createWriteStream, existsSync, mkdirSync } from "node:fs"
import { lstatSync, readFileSync, renameSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { pipeline } from "node:stream/promises"
import { createBrotliDecompress } from "node:zlib"
import { chromium } from "playwright-core"

export async function chromiumPath(): Promise<string> {
  const configured = process.env.CHROMIUM_PATH
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH: no browser at ${configured}`)
    return configured
  }
  return unpackNpmChromium()
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: await chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}

/** The package's binary, unpacked to a staging file and renamed into place once complete. */
async function unpackNpmChromium() {
  // The package's exports give only its entry (build/cjs/index.cjs): its root is two folders up.
  const packageDir = join(dirname(require.resolve("@sparticuz/chromium")), "..", "..")
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const home = join(tmpdir(), `vorexy-chromium-${version}-${process.getuid?.() ?? "user"}`)
  const binary = join(home, "chromium")
  if (existsSync(binary)) return binary
  mkdirSync(home, { recursive: true, mode: 0o700 })
  // Someone else's folder under a shared tmp folder: never run a binary from it.
  if (lstatSync(home).uid !== process.getuid?.() && process.getuid)
    throw new Error(`${home} is not a folder owned by this user: remove it and try again.`)
  const staging = `${binary}.${process.pid}.tmp`
  try {
    await pipeline(
      createReadStream(join(packageDir, "bin", "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(staging)
    )
    chmodSync(staging, 0o755)
    renameSync(staging, binary)
  } finally {
    rmSync(staging, { force: true })
  }
  return binary
}
