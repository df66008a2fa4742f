/**
 * How long after its due date an unpaid boleto's order waits: `graceDays` bank business days,
 * counted in Brasília (bank-calendar.ts). A boleto due on a day banks are closed (a weekend, a
 * holiday, Carnaval) may be paid without penalty on the next business day, so its due date rolls
 * there first; a bank settles a boleto paid on its last day one to three business days later, so
 * the grace counts business days only.
 */
import { DAY_MS, isBankBusinessDay } from "./bank-calendar"

const BRASILIA_OFFSET = 3 * 3_600_000

/** Minutes from `dueAt` to the end of the grace (the end of the last business day of it). */
export function boletoGraceMinutes(dueAt: Date | string, graceDays: number): number {
  const due = new Date(dueAt).getTime()
  // The due day, as a Brasília calendar day (named by its UTC midnight).
  let day = Math.floor((due - BRASILIA_OFFSET) / DAY_MS) * DAY_MS
  while (!isBankBusinessDay(day)) day += DAY_MS
  for (let left = graceDays; left > 0;) {
    day += DAY_MS
    if (isBankBusinessDay(day)) left--
  }
  const end = day + DAY_MS - 1 + BRASILIA_OFFSET
  return Math.max(0, Math.ceil((end - due) / 60_000))
}
