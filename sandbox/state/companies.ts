/** The seeded companies: credentials (and card public key), balance and bank PIX key. */
import { ApiError, Company } from "./types"

export type CompanySeed = Partial<Company> & { companyId: number; clientId: string; apiKey: string }

export const DEFAULT_COMPANIES: CompanySeed[] = [
  {
    companyId: 1001,
    name: "Loja Demo Ltda",
    document: "11222333000181",
    clientId: "sandbox-client-1001",
    apiKey: "sk_sandbox_1001_do_not_use_in_production",
    publicKey: "pk_sandbox_1001",
    bankPixKey: { pixKey: "11222333000181", pixKeyType: "CNPJ" },
  },
  {
    companyId: 2002,
    name: "Outra Empresa SA",
    document: "45723174000110",
    clientId: "sandbox-client-2002",
    apiKey: "sk_sandbox_2002_do_not_use_in_production",
    publicKey: "pk_sandbox_2002",
    bankPixKey: null,
  },
]

/** A company as seeded: defaults for what the seed leaves out, an empty released balance. */
export function seedCompany(seed: CompanySeed, webhookUrl: string | null): Company {
  return {
    name: `Company ${seed.companyId}`,
    document: "00000000000000",
    publicKey: `pk_sandbox_${seed.companyId}`,
    bankPixKey: null,
    webhookUrl,
    ...seed,
    balance: {
      availableCents: 0,
      creditCents: 0,
      creditAwaitingCents: 0,
      status: "Released",
      ...seed.balance,
    },
  }
}

export function findByCredentials(
  companies: Map<number, Company>,
  clientId: unknown,
  apiKey: unknown
): Company | null {
  for (const company of companies.values()) {
    if (company.clientId === clientId && company.apiKey === apiKey) return company
  }
  return null
}

export function findCompany(companies: Map<number, Company>, companyId: number): Company {
  const company = companies.get(companyId)
  if (!company) throw new ApiError(404, `Company ${companyId} not found`)
  return company
}
