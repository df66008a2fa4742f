// docs/options.md's table against the options schema: every option has a row, every row names an
// option, and a row's default is the schema's, so a new or renamed option cannot go undocumented.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseVorexyOptions, VorexyOptionsSchema } from "../providers/vorexy/options"

const PAGE = join(__dirname, "..", "..", "docs", "options.md")

type Row = { name: string; defaultCell: string }

/** The rows of the page's option table: `| \`name\` | type | default | env | what |`. */
function optionRows(markdown: string): Row[] {
  return markdown
    .split("\n")
    .map((line) => /^\|\s*`([A-Za-z]+)`\s*\|[^|]*\|([^|]*)\|/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1], defaultCell: match[2].trim() }))
}

/** Options of the schema without a row, and rows naming no option. */
function tableProblems(options: string[], rows: Row[]) {
  const named = rows.map((row) => row.name)
  return {
    undocumented: options.filter((option) => !named.includes(option)),
    unknown: named.filter((name) => !options.includes(name)),
    twice: named.filter((name, i) => named.indexOf(name) !== i),
  }
}

const rows = optionRows(readFileSync(PAGE, "utf8"))
const options = Object.keys(VorexyOptionsSchema.shape)

it("has one row for every option of the schema, and none for anything else", () => {
  expect(rows.length).toBeGreaterThan(30)
  expect(tableProblems(options, rows)).toEqual({ undocumented: [], unknown: [], twice: [] })
})

it("states each option's default as the schema has it", () => {
  const required = { baseUrl: "https://vorexy.invalid", clientId: "client", apiKey: "key" }
  const defaults = parseVorexyOptions(required) as Record<string, unknown>
  const wrong = rows.flatMap(({ name, defaultCell }) => {
    const value = name in required ? undefined : defaults[name]
    // Required and optional options (no default) say so in words; a list's default is "none".
    if (value === undefined || Array.isArray(value)) return []
    const expected =
      typeof value === "object" && value !== null
        ? Object.values(value).map((v) => `\`${String(v)}\``)
        : [`\`${String(value)}\``]
    const missing = expected.filter((text) => !defaultCell.includes(text))
    return missing.length ? [`${name}: "${defaultCell}" lacks ${missing.join(", ")}`] : []
  })
  expect(wrong).toEqual([])
})

it("finds an option without a row, and a row without an option", () => {
  const sample = "| `baseUrl` | URL | required | — | x |\n| `ghost` | string | none | — | y |"
  expect(tableProblems(["baseUrl", "newOption"], optionRows(sample))).toEqual({
    undocumented: ["newOption"],
    unknown: ["ghost"],
    twice: [],
  })
})
