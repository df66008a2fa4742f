import { Button, Container, Heading, Input, Label, Prompt, Select, Text, toast } from "@medusajs/ui"
import { FormEvent, useState } from "react"
import { useCreateWithdrawal } from "../lib/api"
import { brl, reaisToCents } from "../lib/format"
import { useT } from "../lib/i18n"

const KEY_TYPES = ["BANK", "CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const
const newRequestId = () =>
  `form-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`

/**
 * Amount and key, then a confirmation that restates both. The request id is chosen when the form is
 * (re)opened, so a double click or a retry is the same withdrawal at the gateway.
 */
export function WithdrawalForm() {
  const { t } = useT()
  const create = useCreateWithdrawal()
  const [amount, setAmount] = useState("")
  const [keyType, setKeyType] = useState<(typeof KEY_TYPES)[number]>("BANK")
  const [key, setKey] = useState("")
  const [description, setDescription] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [requestId, setRequestId] = useState(newRequestId)

  const cents = reaisToCents(amount)
  const keyLabel = keyType === "BANK" ? t("bankKey") : `${keyType} ${key}`

  const review = (event: FormEvent) => {
    event.preventDefault()
    if (cents === null || cents < 1000) return setProblem(t("amountInvalid"))
    if (keyType !== "BANK" && !key.trim()) return setProblem(t("keyRequired"))
    setProblem(null)
    setConfirming(true)
  }

  const submit = () =>
    create.mutate(
      {
        amount_reais: amount.trim(),
        request_id: requestId,
        ...(keyType !== "BANK" ? { pix_key: key.trim(), pix_key_type: keyType } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      {
        onSuccess: ({ withdrawal }) => {
          if (withdrawal.status === "unknown") toast.warning(t("sentUnknown"))
          else toast.success(t("sent"))
          setConfirming(false)
          setAmount("")
          setKey("")
          setDescription("")
          setRequestId(newRequestId())
        },
        onError: (error) => {
          setConfirming(false)
          setProblem((error as Error).message)
          // The server answered (a refusal, a reused request): the next try is a new withdrawal.
          // Without an answer the same request_id is kept, so a retry cannot make a second one.
          if (typeof (error as { status?: unknown }).status === "number") {
            setRequestId(newRequestId())
          }
        },
      }
    )

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
          <Label htmlFor="vorexy-key-type">{t("keyType")}</Label>
          <Select
            value={keyType}
            onValueChange={(v) => setKeyType(v as (typeof KEY_TYPES)[number])}
          >
            <Select.Trigger id="vorexy-key-type" data-testid="key-type">
              <Select.Value />
            </Select.Trigger>
            <Select.Content>
              {KEY_TYPES.map((type) => (
                <Select.Item key={type} value={type}>
                  {type === "BANK" ? t("bankKey") : type}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {keyType !== "BANK" && (
          <div className="flex flex-col gap-y-2">
            <Label htmlFor="vorexy-key">{t("key")}</Label>
            <Input
              id="vorexy-key"
              name="pix_key"
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
          </div>
        )}
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
                key: keyLabel,
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
