import { SharedReads } from "../utils/shared-reads"

const deferred = <T>() => {
  let resolve!: (value: T) => void
  let reject!: (error: Error) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe("reads shared by a burst of requests", () => {
  it("makes one read for the requests that ask while it runs, and a new one after it is done", async () => {
    const reads = new SharedReads()
    const first = deferred<string>()
    const read = jest.fn(() => first.promise)
    const a = reads.share("order:1", read)
    const b = reads.share("order:1", read)
    const other = reads.share("order:2", () => Promise.resolve("two"))
    first.resolve("one")
    await expect(Promise.all([a, b, other])).resolves.toEqual(["one", "one", "two"])
    expect(read).toHaveBeenCalledTimes(1)
    expect(reads.size).toBe(0)
    await expect(reads.share("order:1", () => Promise.resolve("again"))).resolves.toBe("again")
  })

  it("gives a failure to the requests that shared the read, and keeps nothing of it", async () => {
    const reads = new SharedReads()
    const failing = deferred<string>()
    const a = reads.share("k", () => failing.promise)
    const b = reads.share("k", () => Promise.resolve("not asked"))
    failing.reject(new Error("connection terminated"))
    await expect(a).rejects.toThrow("connection terminated")
    await expect(b).rejects.toThrow("connection terminated")
    await expect(reads.share("k", () => Promise.resolve("fresh"))).resolves.toBe("fresh")
  })

  it("lets no one new join a read that has run past its limit: a stuck query holds only its own", async () => {
    let now = 0
    const reads = new SharedReads(1_000, () => now)
    const stuck = deferred<string>()
    const early = reads.share("k", () => stuck.promise)
    now = 999
    const joined = reads.share("k", () => Promise.resolve("not asked"))
    now = 1_000
    await expect(reads.share("k", () => Promise.resolve("own read"))).resolves.toBe("own read")
    // The late read's end does not drop a newer entry; the stuck one still answers its own.
    stuck.resolve("late")
    await expect(Promise.all([early, joined])).resolves.toEqual(["late", "late"])
    expect(reads.size).toBe(0)
  })

  it("turns a read that throws at once into a rejection, not a throw", async () => {
    const reads = new SharedReads()
    const p = reads.share("k", () => {
      throw new Error("bad")
    })
    await expect(p).rejects.toThrow("bad")
  })
})
