import { useTranslation } from "react-i18next"
import { en } from "./texts/en"
import { pt } from "./texts/pt"

export type TextKey = keyof typeof en

/** Texts in the admin's language: Portuguese when it is pt-*, else English. */
export function useT() {
  const { i18n } = useTranslation()
  const language = (
    i18n?.language ?? (typeof navigator !== "undefined" ? navigator.language : "en")
  ).toLowerCase()
  const texts = language.startsWith("pt") ? pt : en
  // A key no text has (a status or reason the server added later) is shown as it is.
  const t = (key: TextKey, vars: Record<string, string> = {}) =>
    (texts[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => vars[name] ?? "")
  return {
    locale: language.startsWith("pt") ? "pt-BR" : "en-US",
    t,
    /** A canonical status in words; unknown ones as they are. */
    status: (status: string) =>
      `status_${status}` in texts ? t(`status_${status}` as TextKey) : status,
    /**
     * A gateway status in words ("WAITING_PAYMENT" → "Awaiting payment"), from its own name when
     * known, else from its canonical status; and the raw value to show beside it when it differs.
     */
    words: (raw: string | null | undefined, canonical: string) => {
      const key = `status_${(raw ?? "")
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, "_")}`
      const fallback = `status_${canonical}`
      const word =
        key in texts
          ? t(key as TextKey)
          : fallback in texts
            ? t(fallback as TextKey)
            : (raw ?? canonical)
      return { word, raw: raw && raw !== word ? raw : null }
    },
  }
}
