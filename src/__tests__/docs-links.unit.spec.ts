// Every relative link of the user docs resolves: to a file that exists and, with an #anchor, to a
// heading of it (as GitHub makes heading anchors); and every page of docs/ is linked from the
// README, so a page cannot be written and never found.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"

const ROOT = join(__dirname, "..", "..")
const DOCS = join(ROOT, "docs")
const PAGES = [
  "README.md",
  "CONTRIBUTING.md",
  "SECURITY.md",
  "CHANGELOG.md",
  "BENCHMARKS.md",
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .map((name) => join("docs", name)),
]

/** The text without fenced code blocks and code spans: a `[x](y)` or `# x` there is code. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "")
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
    .replace(/ /g, "-")
}

/** The anchors of a page's headings (a repeated heading gets -1, -2, … as on GitHub). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const found = new Set<string>()
  const text = markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "")
  for (const match of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(match[1])
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    found.add(count ? `${base}-${count}` : base)
  }
  return found
}

/** The links and images of a page: `[text](target)`, `![alt](target)`. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1])
}

/** Each relative link of `page` (a path under `root`) that does not resolve, with why. */
function brokenLinks(root: string, page: string): string[] {
  const markdown = readFileSync(join(root, page), "utf8")
  return links(markdown).flatMap((target) => {
    if (/^[a-z][a-z+.-]*:/i.test(target)) return [] // https:, mailto:: not ours to check
    const [path, anchor] = target.split("#", 2)
    const file = path ? resolve(dirname(join(root, page)), decodeURI(path)) : join(root, page)
    if (!existsSync(file)) return [`${page}: ${target} (no such file)`]
    if (anchor === undefined || !file.endsWith(".md")) return []
    if (!anchors(readFileSync(file, "utf8")).has(anchor))
      return [`${page}: ${target} (no heading #${anchor} in ${relative(root, file)})`]
    return []
  })
}

it("resolves every relative link of the README, CONTRIBUTING, SECURITY, CHANGELOG, BENCHMARKS and docs/", () => {
  expect(PAGES.filter((page) => page.startsWith("docs")).length).toBeGreaterThan(10)
  expect(PAGES.flatMap((page) => brokenLinks(ROOT, page))).toEqual([])
})

it("links every page of docs/ from the README", () => {
  const linked = new Set(
    links(readFileSync(join(ROOT, "README.md"), "utf8")).map((target) => target.split("#")[0])
  )
  const pages = PAGES.filter((page) => page.startsWith("docs"))
  expect(pages.filter((page) => !linked.has(page))).toEqual([])
})

it("makes anchors as GitHub does, and reports a link to a missing file or heading", () => {
  expect(slug("Topology: server + worker on Redis")).toBe("topology-server--worker-on-redis")
  expect(slug("`GET /store/vorexy/payment-status`")).toBe("get-storevorexypayment-status")
  expect(slug("The health card's alerts")).toBe("the-health-cards-alerts")
  expect(slug("Upgrading from 0.1.x")).toBe("upgrading-from-01x")
  expect([...anchors("# A\n```sh\n# not a heading\n```\n## A\n")]).toEqual(["a", "a-1"])
  const text =
    "[ok](README.md#medusa-payment-vorexy) [gone](docs/nowhere.md) [x](#no-such) `[c](z)`"
  expect(links(text)).toEqual(["README.md#medusa-payment-vorexy", "docs/nowhere.md", "#no-such"])
  const root = mkdtempSync(join(tmpdir(), "vorexy-links-"))
  try {
    writeFileSync(join(root, "README.md"), `# Medusa payment Vorexy\n\n${text}\n`)
    expect(brokenLinks(root, "README.md")).toEqual([
      "README.md: docs/nowhere.md (no such file)",
      "README.md: #no-such (no heading #no-such in README.md)",
    ])
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
