export default async function globalTeardown() {
  await globalThis.__VOREXY_PG__?.stop()
}
