/** The documented balance endpoint. */
import { apiRoute, Route } from "../http"
import { ApiError } from "../state"
import * as views from "../views"

export function balanceRoutes(): Route[] {
  return [
    apiRoute(
      "GET",
      /^\/api\/Balance\/balance\/([^/]+)$/,
      "getBalance",
      ({ params, url, company }) => {
        const companyId = Number(params[0])
        // A company sees only its own balance; another id looks like no company at all.
        if (companyId !== company.companyId)
          throw new ApiError(404, `Company ${params[0]} not found`)
        const currency = url.searchParams.get("currency") ?? "BRL"
        if (currency !== "BRL")
          throw new ApiError(400, `Unsupported currency ${currency}: only BRL`)
        return { status: 200, body: views.balance(company, company.companyId * 10 + 1) }
      }
    ),
  ]
}
