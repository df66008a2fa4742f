import { Button, Container, Heading, Input, Label, Prompt, Select, Text, toast } from "@medusajs/ui"
import { FormEvent, useState } from "react"
import { useCreateWithdrawal, useWithdrawalDestinations } from "../lib/api"
import { brl, reaisToCents } from "../lib/format"
import { useT } from "../lib/i18n"

/** The company's registered bank key: always offered, sent as no key at all. */
const BANK = "BANK"
const newRequestId = () =>
  `form-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/** Where the tab keeps a request id sent and not yet answered about (it outlives a reload). */
const PENDING = "vorexy:withdrawal-request-id"
const session = {
  get: () => {
    try {
      return sessionStorage.getItem(PENDING)
    } catch {
      return null
    }
  },
  set: (id: string | null) => {
    try {
      if (id) sessionStorage.setItem(PENDING, id)
      else sessionStorage.removeItem(PENDING)
    } catch {
      // No storage (a locked-down browser): the id lives as long as the page.
    }
  },
}

/**
 * The form's request id: a new one once an answer is about it, else the same, also after a
 * reload or a new login in the tab, so a try that went through unanswered is never made twice.
 */
function useRequestId() {
  const [id, setId] = useState(() => session.get() ?? newRequestId())
  return {
    id,
    sent: () => session.set(id),
    answered: () => {
      session.set(null)
      setId(newRequestId())
    },
  }
}

/**
 * Amount and destination, then a confirmation that restates both. Destinations are the keys the
 * store listed at deploy time (shown masked, sent by id) and the company's bank key: no key can be
 * typed here. The request id (useRequestId) makes a double click or a retry the same withdrawal.
 */
export function WithdrawalForm() {
  const { t } = useT()
  const create = useCreateWithdrawal()
  const destinations = useWithdrawalDestinations().data?.destinations ?? []
  const [amount, setAmount] = useState("")
  const [destination, setDestination] = useState(BANK)
  const [description, setDescription] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const requestId = useRequestId()

  const cents = reaisToCents(amount)
  const label = (id: string) => {
    const listed = destinations.find((d) => d.id === id)
    return listed ? `${listed.type} ${listed.key_masked}` : t("bankKey")
  }

  const review = (event: FormEvent) => {
    event.preventDefault()
    if (cents === null || cents < 1000) return setProblem(t("amountInvalid"))
    setProblem(null)
    setConfirming(true)
  }

  const submit = () => {
    requestId.sent()
    create.mutate(
      {
        amount_reais: amount.trim(),
        request_id: requestId.id,
        ...(destination !== BANK ? { destination } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      {
        onSuccess: ({ withdrawal }) => {
          setConfirming(false)
          requestId.answered()
          // A retry answered with the first request's record: it may have failed meanwhile.
          if (withdrawal.status === "failed") {
            setProblem(withdrawal.failure_reason ?? t("status_failed"))
            return
          }
          if (withdrawal.status === "unknown" || withdrawal.status === "requested")
            toast.warning(t("sentUnknown"))
          else toast.success(t("sent"))
          setAmount("")
          setDescription("")
        },
        onError: (error) => {
          setConfirming(false)
          // The request_id is kept unless the answer is about it: a 409 (it made another
          // withdrawal) or a 422 (Vorexy refused it). Any other failure may follow an earlier try
          // that went through unanswered (a proxy's 504, then an expired MFA's 401), and keeping
          // the id is what makes the next try that same withdrawal, never a second one.
          const { status, statusText, message } = error as Error & {
            status?: number
            statusText?: string
          }
          if (status === 409 || status === 422) requestId.answered()
          const unanswered = status === undefined || status === 408 || status >= 500
          const said = message && message !== statusText ? ` (${message})` : ""
          setProblem(unanswered ? `${t("sentNoAnswer")}${said}` : message)
        },
      }
    )
  }

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">{t("withdraw")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("withdrawHint")}
        </Text>
      </div>
      <form className="grid grid-cols-1 gap-4 px-6 py-4 md:grid-cols-2" onSubmit={review}>
        <div className="flex flex-col gap-y-2">
          <Label htmlFor="vorexy-amount">{t("amount")}</Label>
          <Input
            id="vorexy-amount"
            name="amount"
            inputMode="decimal"
            placeholder="10,00"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-y-2">
          <Label htmlFor="vorexy-destination">{t("keyType")}</Label>
          <Select value={destination} onValueChange={setDestination}>
            <Select.Trigger id="vorexy-destination" data-testid="withdrawal-destination">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {[BANK, ...destinations.map((d) => d.id)].map((id) => (
                <Select.Item key={id} value={id}>
                  {label(id)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("destinationsHint")}
          </Text>
        </div>
        <div className="flex flex-col gap-y-2">
          <Label htmlFor="vorexy-description">{t("description")}</Label>
          <Input
            id="vorexy-description"
            name="description"
            maxLength={140}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </div>
        <div className="flex items-center justify-between gap-x-4 md:col-span-2">
          <Text size="small" className="text-ui-fg-error" role="alert">
            {problem ?? ""}
          </Text>
          <Button type="submit" size="small">
            {t("continue")}
          </Button>
        </div>
      </form>
      <Prompt open={confirming} onOpenChange={setConfirming}>
        <Prompt.Content>
          <Prompt.Header>
            <Prompt.Title>{t("confirmTitle")}</Prompt.Title>
            <Prompt.Description>
              {t("confirmBody", {
                amount: cents === null ? "" : brl(cents, "cents"),
                key: label(destination),
              })}
            </Prompt.Description>
          </Prompt.Header>
          <Prompt.Footer>
            <Prompt.Cancel>{t("cancel")}</Prompt.Cancel>
            <Prompt.Action onClick={submit} disabled={create.isPending}>
              {t("confirm")}
            </Prompt.Action>
          </Prompt.Footer>
        </Prompt.Content>
      </Prompt>
    </Container>
  )
}
