/** The documented withdrawal (cash-out) endpoints: request, get. */
import { apiRoute, header, Route } from "../http"
import { ApiError, SandboxState } from "../state"
import * as views from "../views"

export function withdrawalRoutes(state: SandboxState): Route[] {
  return [
    apiRoute(
      "POST",
      /^\/api\/Withdraw\/request$/,
      "requestWithdrawal",
      async ({ req, body, company }) => {
        const key = header(req, "idempotency-key")
        if (!key) throw new ApiError(400, "Idempotency-Key header is required for withdrawals")
        return state.idempotent(company.companyId, "withdraw", key, body, async () => ({
          status: 201,
          body: views.withdrawalRecord(state.requestWithdrawal(company, body, key), state.variants),
        }))
      }
    ),
    apiRoute("GET", /^\/api\/Withdraw\/(\d+)$/, "getWithdrawal", ({ params, company }) => ({
      status: 200,
      body: views.withdrawalDetail(
        state.withdrawal(Number(params[0]), company.companyId),
        state.variants
      ),
    })),
  ]
}
