/**
 * Brazil's banking calendar: the days on which banks settle (compensate) a boleto. Business days
 * are weekdays that are neither a national holiday nor a day banks close by their own calendar.
 * The holidays come from `@brazilian-utils/brazilian-utils` (national ones, Good Friday, Carnaval
 * Tuesday and Corpus Christi); banks also close on Carnaval Monday and on 31 December, which the
 * library does not list (neither is a holiday by law), so they are added here. State and city
 * holidays close only the banks there: the national calendar is the floor every payer shares.
 *
 * Days are calendar days in Brasília, named by their UTC-midnight instant (`Date.UTC(y, m, d)`),
 * so nothing depends on the server's time zone.
 */
import { getHolidays } from "@brazilian-utils/brazilian-utils/get-holidays"

export const DAY_MS = 86_400_000

/** The holidays of `year` that close banks, as UTC-midnight instants. */
const closedDays = new Map<number, Set<number>>()

function bankHolidays(year: number): Set<number> {
  let days = closedDays.get(year)
  if (days) return days
  days = new Set<number>()
  // The library dates each holiday at local midnight: its local calendar fields name the day.
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  for (const holiday of getHolidays(year)) {
    if (holiday.type === "religious") continue // Easter Sunday: a Sunday anyway
    days.add(day(holiday.date))
    if (/^carnaval/i.test(holiday.name)) days.add(day(holiday.date) - DAY_MS) // Carnaval Monday
  }
  // Banks do not open to the public on 31 December: a boleto due then is paid the next business day.
  days.add(Date.UTC(year, 11, 31))
  closedDays.set(year, days)
  return days
}

/** Whether banks settle on the day `utcMidnight` names (see above). */
export function isBankBusinessDay(utcMidnight: number): boolean {
  const date = new Date(utcMidnight)
  const weekday = date.getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  const year = date.getUTCFullYear()
  // Outside the library's years (1900-2099) only weekends are known.
  if (year < 1900 || year > 2099) return true
  return !bankHolidays(year).has(utcMidnight)
}
