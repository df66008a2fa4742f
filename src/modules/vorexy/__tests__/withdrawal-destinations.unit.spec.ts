import noticeWithdrawalDestinations, {
  NO_DESTINATIONS_NOTICE,
} from "../loaders/withdrawal-destinations"

const valid = { baseUrl: "https://vorexy.example", clientId: "client", apiKey: "sk_test_key" }

/** The loader with a logger that records what it says. */
async function boot(options: Record<string, unknown>) {
  const said: string[] = []
  const logger = { info: (message: string) => said.push(message) }
  const container = { resolve: () => logger }
  await noticeWithdrawalDestinations({ container, options } as never)
  return said
}

describe("the boot message on withdrawal destinations", () => {
  it("says once where withdrawals go when no keys are listed", async () => {
    expect(await boot(valid)).toEqual([NO_DESTINATIONS_NOTICE])
    expect(NO_DESTINATIONS_NOTICE).toMatch(/registered on the company's bank account/)
    expect(NO_DESTINATIONS_NOTICE).toMatch(/VOREXY_WITHDRAWAL_PIX_KEYS/)
  })

  it("stays quiet when the store lists its keys", async () => {
    expect(await boot({ ...valid, withdrawalPixKeys: "EMAIL:financeiro@loja.com.br" })).toEqual([])
  })
})
