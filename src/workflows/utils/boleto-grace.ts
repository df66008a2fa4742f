/**
 * How long after its due date an unpaid boleto's order waits: `graceDays` business days, counted
 * in Brasília. A boleto due on a Saturday or Sunday may be paid on the Monday, and a bank settles a
 * boleto paid on its last day a business day later, so weekends never count. (National holidays
 * are not known here: raise `boletoGraceDays` around them.)
 */
const DAY = 86_400_000
const BRASILIA_OFFSET = 3 * 3_600_000

const weekend = (brasiliaMidnight: number) => {
  const day = new Date(brasiliaMidnight).getUTCDay()
  return day === 0 || day === 6
}

/** Minutes from `dueAt` to the end of the grace (the end of the last business day of it). */
export function boletoGraceMinutes(dueAt: Date | string, graceDays: number): number {
  const due = new Date(dueAt).getTime()
  // The due day, as a Brasília calendar day (its midnight, expressed on the UTC clock).
  let day = Math.floor((due - BRASILIA_OFFSET) / DAY) * DAY
  while (weekend(day)) day += DAY
  for (let left = graceDays; left > 0;) {
    day += DAY
    if (!weekend(day)) left--
  }
  const end = day + DAY - 1 + BRASILIA_OFFSET
  return Math.max(0, Math.ceil((end - due) / 60_000))
}
