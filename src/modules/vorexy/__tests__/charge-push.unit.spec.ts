import { EventEmitter } from "node:events"
import { PUSH_PROBE_WAIT_MS } from "../../../rules/timing"
import { ChargePush, CHANNEL, payloads, type ListenClient } from "../charge-push"

/**
 * A PostgreSQL connection as the listener sees it. `carries`: whether a NOTIFY sent on it comes
 * back to it (false: a pooler in transaction mode, or a connection that died without a word).
 */
function fakeClient(carries: boolean) {
  const events = new EventEmitter()
  const client = {
    queries: [] as string[],
    connect: async () => undefined,
    end: async () => undefined,
    query: async (text: string) => {
      client.queries.push(text)
      const probe = /^NOTIFY \w+, '(.*)'$/.exec(text)
      if (probe && carries)
        setTimeout(() => events.emit("notification", { channel: CHANNEL, payload: probe[1] }), 1)
    },
    on: (event: string, listener: (...args: unknown[]) => void) => events.on(event, listener),
    removeAllListeners: () => events.removeAllListeners(),
    announce: (payload: string) => events.emit("notification", { channel: CHANNEL, payload }),
  }
  return client
}

describe("ChargePush", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("counts as connected only once its own probe came back, then passes announced ids on", async () => {
    const client = fakeClient(true)
    const changed: string[][] = []
    let listening = 0
    const push = new ChargePush(
      () => client as unknown as ListenClient,
      (ids) => changed.push(ids),
      () => listening++
    )
    push.start()
    expect(push.connected).toBe(false)
    await jest.advanceTimersByTimeAsync(10)
    expect(client.queries[0]).toBe(`LISTEN ${CHANNEL}`)
    expect(push.connected).toBe(true)
    expect(listening).toBe(1)

    client.announce("vxch_1,vxch_2")
    // Junk on the channel wakes nobody (anyone with a database login can NOTIFY).
    client.announce(",")
    client.announce("x".repeat(500))
    expect(changed).toEqual([["vxch_1", "vxch_2"]])
    push.stop()
  })

  it("replaces a connection that does not carry its probe, and never counts it connected", async () => {
    const clients: ReturnType<typeof fakeClient>[] = []
    const push = new ChargePush(
      () => {
        const client = fakeClient(false)
        clients.push(client)
        return client as unknown as ListenClient
      },
      () => undefined
    )
    push.start()
    await jest.advanceTimersByTimeAsync(PUSH_PROBE_WAIT_MS + 1_000 + 10)
    expect(push.connected).toBe(false)
    expect(clients.length).toBe(2)
    push.stop()
  })

  it("splits a large announcement into payloads under PostgreSQL's 8,000 bytes", () => {
    const ids = Array.from({ length: 250 }, (_, i) => `vxch_01M8BTCWBSVPJAG02Q13NQ${i}`)
    const sent = payloads([...ids, ...ids])
    expect(sent).toHaveLength(3)
    expect(sent.every((p) => Buffer.byteLength(p) < 8_000)).toBe(true)
    expect(sent.join(",").split(",")).toEqual(ids)
  })
})
