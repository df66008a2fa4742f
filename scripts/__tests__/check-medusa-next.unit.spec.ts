/**
 * `scripts/check-medusa-next.mjs`: which Medusa it checks and which version of each package it
 * installs, from registry answers given here (no registry is asked), run as node runs the script.
 */
import { spawnSync } from "node:child_process"
import { join } from "node:path"

const script = join(__dirname, "..", "check-medusa-next.mjs")

/** Calls an export of the script with `args` in a node child process; returns its JSON answer. */
function call(name: string, ...args: unknown[]) {
  const source = `import(${JSON.stringify(script)}).then((m) => {
    const out = m[${JSON.stringify(name)}](...${JSON.stringify(args)})
    process.stdout.write(JSON.stringify(out ?? null))
  })`
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", source], {
    encoding: "utf8",
  })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout)
}

const MEDUSA = [
  "2.20.1",
  "2.21.0-preview-20260911072753",
  "2.21.0",
  "2.21.2",
  "2.22.0-preview-20260901000000",
  "2.22.0-snapshot-20260911212358",
  "2.22.0-snapshot-20260905000000",
  "3.0.0-snapshot-20261001000000",
]

describe("check-medusa-next: the version checked", () => {
  it("takes `latest` when it is past the pinned version", () => {
    const picked = call("chooseTarget", {
      tags: { latest: "2.22.0" },
      versions: [...MEDUSA, "2.22.0"],
      pinned: "2.21.2",
    })
    expect(picked.version).toBe("2.22.0")
  })

  it("else takes the newest 2.x snapshot or preview past the pin, by its build time", () => {
    const picked = call("chooseTarget", {
      tags: { latest: "2.21.2" },
      versions: MEDUSA,
      pinned: "2.21.2",
    })
    expect(picked.version).toBe("2.22.0-snapshot-20260911212358")
  })

  it("finds nothing to check when nothing on 2.x is past the pin", () => {
    const picked = call("chooseTarget", {
      tags: { latest: "2.21.2" },
      versions: ["2.21.0-preview-20260911072753", "2.21.2", "3.0.0-snapshot-20261001000000"],
      pinned: "2.21.2",
    })
    expect(picked).toBeNull()
  })
})

describe("check-medusa-next: each package's version", () => {
  const target = "2.22.0-snapshot-20260911212358"

  it("installs the target where the package has it", () => {
    const chosen = call("chooseVersion", { versions: MEDUSA, target, current: "2.21.2" })
    expect(chosen).toEqual({ version: target, how: "target" })
  })

  it("takes the same snapshot build of a package numbered on its own (@medusajs/ui)", () => {
    const chosen = call("chooseVersion", {
      versions: ["4.2.5-snapshot-20260905000000", "4.2.5-snapshot-20260911212358", "4.2.6"],
      target,
      current: "4.2.6",
    })
    expect(chosen.version).toBe("4.2.5-snapshot-20260911212358")
    expect(chosen.override).toBeUndefined()
  })

  it("keeps the project's version, overridden, for a package the build skipped", () => {
    const chosen = call("chooseVersion", {
      versions: ["2.21.0", "2.21.2"],
      target,
      current: "2.21.2",
    })
    expect(chosen).toMatchObject({ version: "2.21.2", override: true })
  })
})

describe("check-medusa-next: what a failure report shows", () => {
  it("keeps a failed test's block and stops at the next test file", () => {
    const lines = call(
      "firstFailureLines",
      [
        "PASS src/a.unit.spec.ts",
        "FAIL src/b.unit.spec.ts",
        "  ● b › refuses a card session",
        "    expect(received).toBe(expected)",
        "PASS src/c.unit.spec.ts",
        "    unrelated line",
      ].join("\n")
    )
    expect(lines).toEqual(["  ● b › refuses a card session", "    expect(received).toBe(expected)"])
  })

  it("shows TypeScript's errors when the type-check fails", () => {
    const lines = call(
      "firstFailureLines",
      "> tsc --noEmit\nsrc/x.ts(3,1): error TS2339: Property 'hooks' does not exist.\nnpm error code 2"
    )
    expect(lines).toEqual(["src/x.ts(3,1): error TS2339: Property 'hooks' does not exist."])
  })
})
