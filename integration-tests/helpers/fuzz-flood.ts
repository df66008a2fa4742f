/** Sends the fuzz spec's requests with bounded concurrency and judges each answer. */
import { answerProblem, FuzzContext, FuzzRequest } from "./fuzz-requests"

export type FuzzResult = {
  request: FuzzRequest
  status: number | null
  text: string
  problem: string | null
}

function headersFor(ctx: FuzzContext, request: FuzzRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  if (request.contentType) headers["content-type"] = request.contentType
  if (request.eventId) headers["x-webhook-event-id"] = request.eventId
  if (request.path.startsWith("/admin/")) headers.authorization = ctx.admin
  if (request.path.startsWith("/store/")) headers["x-publishable-api-key"] = ctx.publishableKey
  return headers
}

/** One request over fetch (raw bytes, any content type or none); null status when unanswered. */
export async function send(base: string, ctx: FuzzContext, request: FuzzRequest) {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(base + request.path, {
        method: request.method,
        headers: headersFor(ctx, request),
        body: request.body ? Uint8Array.from(request.body) : undefined,
        redirect: "manual",
      })
      return { status: response.status, text: await response.text() }
    } catch (error) {
      // A server may close early on a body it refuses (413): retry once before calling it lost.
      if (attempt >= 2)
        return { status: null, text: String((error as { cause?: unknown }).cause ?? error) }
    }
  }
}

/** Sends every request, `concurrency` at a time, and returns each answer with its problem. */
export async function flood(
  base: string,
  ctx: FuzzContext,
  requests: FuzzRequest[],
  concurrency: number
): Promise<FuzzResult[]> {
  const results: FuzzResult[] = new Array(requests.length)
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const index = next++
      const request = requests[index]
      const { status, text } = await send(base, ctx, request)
      const problem = status === null ? "no answer" : answerProblem(request, status, text)
      results[index] = { request, status, text, problem }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return results
}

/** A failing case, short enough to read and complete enough to replay by hand. */
export function describeResult({ request, status, text, problem }: FuzzResult): string {
  const body = request.body
    ? ` body (${request.body.length} bytes, ${request.contentType ?? "no content type"}): ${JSON.stringify(request.body.toString("utf8").slice(0, 200))}`
    : ""
  return `${problem}: ${request.method} ${request.path.slice(0, 300)}${body} -> ${status} ${text.slice(0, 300)}`
}
