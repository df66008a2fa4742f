import { readFileSync } from "node:fs"
import { join } from "node:path"

const css = readFileSync(join(__dirname, "..", "styles.css"), "utf8").replace(
  /\/\*[\s\S]*?\*\//g,
  ""
)

/** Each custom property's default, as the var(--vorexy-…, default) fallbacks give it. */
function defaults() {
  const found = new Map<string, Set<string>>()
  for (const [, name, value] of css.matchAll(/var\((--vorexy-[a-z-]+),\s*([^)]+)\)/g))
    found.set(name, (found.get(name) ?? new Set()).add(value.trim().toLowerCase()))
  return found
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

it("styles only .vorexy-* elements (nothing global)", () => {
  const selectors = [...css.matchAll(/([^{}]+)\{/g)]
    .map(([, s]) => s.trim())
    .filter((s) => !s.startsWith("@media"))
    .flatMap((s) => s.split(","))
  expect(selectors.length).toBeGreaterThan(10)
  for (const selector of selectors)
    expect(selector.trim()).toMatch(/^(\[data-state="[a-z]+"\] > )?\.vorexy-[a-z_-]+/)
})

it("puts the PIX code before the QR code on touch screens, where a QR cannot be scanned", () => {
  const coarse = css.slice(css.indexOf("@media (pointer: coarse)"))
  expect(coarse).toMatch(/^@media \(pointer: coarse\) \{\s*\.vorexy-pix__qr \{\s*order: 1;/)
})

it("gives each custom property one default", () => {
  for (const [name, values] of defaults()) expect([name, values.size]).toEqual([name, 1])
})

it("keeps text at 4.5:1 or more with the default colours", () => {
  const value = (name: string) => [...defaults().get(name)!][0]
  const surface = value("--vorexy-surface")
  for (const text of [
    "--vorexy-text",
    "--vorexy-muted",
    "--vorexy-error",
    "--vorexy-success",
    "--vorexy-accent",
  ])
    expect([text, contrast(value(text), surface) >= 4.5]).toEqual([text, true])
  expect(contrast(value("--vorexy-accent-text"), value("--vorexy-accent"))).toBeGreaterThanOrEqual(
    4.5
  )
  // Borders and the focus ring are not text: 3:1 (WCAG 1.4.11).
  expect(contrast(value("--vorexy-border"), surface)).toBeGreaterThanOrEqual(3)
  expect(contrast(value("--vorexy-focus"), surface)).toBeGreaterThanOrEqual(3)
})
