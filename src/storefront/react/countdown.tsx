/** Time left to pay, as mm:ss or hh:mm:ss. Not a live region: a screen reader is not told every second. */
import { formatCountdown, isoDuration } from "../format.js"

export type VorexyCountdownProps = {
  /** Seconds left; null before the browser's clock is read (a server render shows --:--). */
  seconds: number | null
  label: string
}

export function VorexyCountdown({ seconds, label }: VorexyCountdownProps) {
  return (
    <p className="vorexy-countdown" data-state={seconds === 0 ? "expired" : "pending"}>
      <span className="vorexy-countdown__label">{label}</span>{" "}
      <time
        className="vorexy-countdown__time"
        role="timer"
        dateTime={seconds === null ? undefined : isoDuration(seconds)}
      >
        {seconds === null ? "--:--" : formatCountdown(seconds)}
      </time>
    </p>
  )
}
