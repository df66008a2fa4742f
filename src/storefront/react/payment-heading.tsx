/** The top of every payment view: its title, the live status line, and the amount to pay. */

type Props = {
  titleId: string
  title: string
  /** The status in words; a polite live region, so a change is announced. */
  stateText: string
  /** The amount, with its label (the card view shows none). */
  amount?: { label: string; value: string }
}

export function PaymentHeading({ titleId, title, stateText, amount }: Props) {
  return (
    <>
      <h2 className="vorexy-title" id={titleId}>
        {title}
      </h2>
      <p className="vorexy-status" role="status">
        {stateText}
      </p>
      {amount ? (
        <p className="vorexy-amount">
          <span className="vorexy-amount__label">{amount.label}</span>{" "}
          <strong className="vorexy-amount__value">{amount.value}</strong>
        </p>
      ) : null}
    </>
  )
}
