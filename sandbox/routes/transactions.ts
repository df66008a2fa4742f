/** The documented transaction (cash-in) endpoints: create, list, get. */
import { apiRoute, header, intParam, Route } from "../http"
import { ApiError, SandboxState } from "../state"
import * as views from "../views"

export function transactionRoutes(state: SandboxState): Route[] {
  return [
    apiRoute(
      "POST",
      /^\/api\/v1\/transactions\/create$/,
      "createTransaction",
      async ({ req, body, company }) =>
        state.idempotent(
          company.companyId,
          "create",
          header(req, "idempotency-key"),
          body,
          async () => ({
            status: 200,
            body: views.createResponse(state.createTransaction(company, body), state.variants),
          })
        )
    ),
    apiRoute(
      "GET",
      /^\/api\/Transaction\/company\/transactions$/,
      "listTransactions",
      ({ url, company }) => {
        const page = intParam(url, "page", 1, 1, Number.MAX_SAFE_INTEGER)
        const pageSize = intParam(url, "pageSize", 50, 1, 100)
        const sort = url.searchParams.get("sort") ?? "createdAt_desc"
        if (sort !== "createdAt_desc" && sort !== "createdAt_asc") {
          throw new ApiError(400, "sort must be createdAt_desc or createdAt_asc")
        }
        const result = state.listTransactions(company.companyId, page, pageSize, sort)
        return {
          status: 200,
          body: {
            ok: true,
            res: {
              items: result.items.map(views.listItem),
              totalItems: result.totalItems,
              totalPages: result.totalPages,
              currentPage: page,
              pageSize,
            },
          },
        }
      }
    ),
    apiRoute(
      "GET",
      /^\/api\/Transaction\/transactionByTransactionId\/([^/]+)$/,
      "getTransaction",
      ({ params, company }) => ({
        status: 200,
        body: views.detail(state.transaction(decodeURIComponent(params[0]), company.companyId)),
      })
    ),
  ]
}
