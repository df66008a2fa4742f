/**
 * Reads already under way for the same thing, shared: the requests of a burst (the tabs and
 * components of one order's page, hundreds of long-polls ending or waking together) make one query
 * each thing, not one each request. Nothing is kept once a read is done, and a read that has taken
 * longer than `joinForMs` is joined by no one new: a stuck query holds only the requests that were
 * already waiting for it, and the next request starts its own.
 */
export class SharedReads {
  private readonly running = new Map<string, { started: number; read: Promise<unknown> }>()

  constructor(
    private readonly joinForMs = 1_000,
    private readonly now: () => number = Date.now
  ) {}

  share<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.running.get(key)
    if (running && this.now() - running.started < this.joinForMs) return running.read as Promise<T>
    const entry = { started: this.now(), read: Promise.resolve() as Promise<unknown> }
    const started = Promise.resolve()
      .then(read)
      .finally(() => {
        if (this.running.get(key) === entry) this.running.delete(key)
      })
    entry.read = started
    this.running.set(key, entry)
    return started
  }

  /** Reads under way (for tests and health). */
  get size() {
    return this.running.size
  }
}
