/**
 * Headless Chromium for the browser tests, driven by playwright-core (which never downloads a
 * browser). CHROMIUM_PATH names one to use; otherwise the Chromium that the npm package
 * @sparticuz/chromium ships inside itself (brotli-compressed, Linux x64, with the NSS libraries it
 * needs) is unpacked once per version into a folder of this user's under the temporary folder, so
 * `npm install && npm test` needs nothing but Node and npm.
 */
import { spawn } from "node:child_process"
import { createReadStream, createWriteStream, existsSync, lstatSync, mkdirSync } from "node:fs"
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs"
import { arch, platform, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { pipeline } from "node:stream/promises"
import { createBrotliDecompress } from "node:zlib"
import { chromium } from "playwright-core"

type Browser = { executablePath: string; libraries?: string }

export async function launchChromium() {
  const { executablePath, libraries } = await findChromium()
  const env = { ...process.env } as Record<string, string>
  if (libraries) env.LD_LIBRARY_PATH = [libraries, env.LD_LIBRARY_PATH].filter(Boolean).join(":")
  return chromium.launch({
    executablePath,
    env,
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

async function findChromium(): Promise<Browser> {
  const configured = process.env.CHROMIUM_PATH
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH: no browser at ${configured}`)
    return { executablePath: configured }
  }
  if (platform() !== "linux" || arch() !== "x64")
    throw new Error(
      `The Chromium shipped by @sparticuz/chromium runs on Linux x64 only, not ${platform()}-${arch()}: ` +
        "set CHROMIUM_PATH to a Chromium or Chrome installed on this machine."
    )
  return unpackNpmChromium()
}

/**
 * The package's browser in `<tmp>/vorexy-chromium-<version>-<uid>/browser`: unpacked into a
 * staging folder and renamed into place once complete, so a half-unpacked one is never used.
 */
async function unpackNpmChromium(): Promise<Browser> {
  // The package's exports give only its entry (build/cjs/index.cjs): its root is two folders up.
  const packageDir = join(dirname(require.resolve("@sparticuz/chromium")), "..", "..")
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const home = join(tmpdir(), `vorexy-chromium-${version}-${process.getuid!()}`)
  mkdirSync(home, { recursive: true, mode: 0o700 })
  assertOurs(home, "directory")
  const browser = join(home, "browser")
  const found = { executablePath: join(browser, "chromium"), libraries: join(browser, "lib") }
  if (existsSync(browser)) {
    assertOurs(browser, "directory")
    assertOurs(found.executablePath, "file")
    return found
  }
  const staging = mkdtempSync(join(home, "unpack-"))
  try {
    const bin = join(packageDir, "bin")
    await pipeline(
      createReadStream(join(bin, "chromium.br")),
      createBrotliDecompress(),
      createWriteStream(join(staging, "chromium"))
    )
    chmodSync(join(staging, "chromium"), 0o755)
    // The NSS libraries the binary links (lib/*.so), for machines without them.
    await untar(join(bin, "al2023.tar.br"), staging)
    renameSync(staging, browser)
  } catch (error) {
    if (!existsSync(browser)) throw error // else another run put its copy in place first
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return found
}

/** Under a shared tmp folder anyone may create our names first: run nothing of theirs. */
function assertOurs(path: string, kind: "directory" | "file") {
  const stat = lstatSync(path)
  const right = kind === "directory" ? stat.isDirectory() : stat.isFile()
  if (!right || stat.uid !== process.getuid!() || (stat.mode & 0o022) !== 0)
    throw new Error(`${path} is not a ${kind} of this user's that only it can write: remove it.`)
}

/** Unpacks a brotli-compressed tar with the system's tar. */
async function untar(archive: string, into: string) {
  const tar = spawn("tar", ["-x", "-C", into], { stdio: ["pipe", "ignore", "inherit"] })
  const exited = new Promise<number | null>((resolve, reject) => {
    tar.once("error", reject)
    tar.once("exit", resolve)
  })
  // tar may exit once it has read the archive's end, before the zero padding after it is written
  // to it: the pipe then closes early, which is no failure when tar itself succeeded.
  const piped = pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin).then(
    () => null,
    (error: NodeJS.ErrnoException) => error
  )
  const code = await exited
  const pipeError = await piped
  if (code !== 0) throw new Error(`tar exited with ${code} unpacking ${archive}`)
  if (pipeError && !["ERR_STREAM_PREMATURE_CLOSE", "EPIPE"].includes(pipeError.code ?? ""))
    throw pipeError
}
