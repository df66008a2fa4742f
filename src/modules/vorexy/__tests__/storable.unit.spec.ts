import { isStorableText, storableJson, storableText } from "../storable"

describe("storable text", () => {
  it.each([
    ["plain", true],
    ["ção 🎉", true],
    ["a\u0000b", false],
    ["\ud800", false],
    ["x\udc00", false],
    ["\udc00\ud800", false],
    ["\ud83c\udf89", true],
  ])("%j storable: %p", (text, storable) => {
    expect(isStorableText(text)).toBe(storable)
  })

  it("replaces NUL and unpaired surrogates with U+FFFD, keeping pairs", () => {
    expect(storableText("a\u0000b")).toBe("a\ufffdb")
    expect(storableText("\ud800x\udc00")).toBe("\ufffdx\ufffd")
    expect(storableText("\udc00\ud800\udc00")).toBe("\ufffd\ud800\udc00")
    expect(storableText("🎉 ok")).toBe("🎉 ok")
  })
})

describe("storable JSON", () => {
  it("copies every string and key made storable, in the original key order", () => {
    const body = JSON.parse(
      '{"status":"pa\\u0000id","k\\ud800":["\\udc00",1,null,{"z":true,"a":"\\u0000"}],"n":-0}'
    )
    const copy = storableJson(body) as Record<string, unknown>

    expect(copy).toEqual({
      status: "pa\ufffdid",
      "k\ufffd": ["\ufffd", 1, null, { z: true, a: "\ufffd" }],
      n: -0,
    })
    expect(Object.keys(copy)).toEqual(["status", "k\ufffd", "n"])
    expect(body.status).toBe("pa\u0000id")
    expect(isStorableText(JSON.stringify(copy))).toBe(true)
  })

  it("keeps a __proto__ key as data, not as the copy's prototype", () => {
    const copy = storableJson(JSON.parse('{"__proto__":{"polluted":1}}')) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":1}}')
  })

  it("handles nesting far deeper than the call stack allows", () => {
    const depth = 200_000
    const deep = JSON.parse("[".repeat(depth) + '"\\u0000"' + "]".repeat(depth))
    let node = storableJson(deep)
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0]
    expect(node).toBe("\ufffd")
  })

  it("leaves scalars alone", () => {
    expect(storableJson(null)).toBeNull()
    expect(storableJson(12.5)).toBe(12.5)
    expect(storableJson("\u0000")).toBe("\ufffd")
  })
})
