/** Every text the storefront shows, in pt-BR (the default) and English. */
import type { VorexyLocale, VorexyViewState } from "./types.js"

const ptBR = {
  states: {
    pending: "Aguardando pagamento",
    closing: "Prazo encerrado",
    paid: "Pagamento confirmado",
    expired: "Pagamento expirado",
    cancelled: "Pagamento cancelado",
    failed: "O pagamento não foi concluído",
    analysis: "Pagamento em análise",
    refused: "Pagamento recusado",
    unconfirmed: "Pagamento não confirmado",
  } as Record<VorexyViewState, string>,
  unconfirmed: "Não conseguimos confirmar este pagamento. Fale com a loja.",
  paidWithoutOrder:
    "Recebemos o pagamento, mas o pedido não pôde ser criado. Fale com a loja: ela devolve o valor ou cria o pedido.",
  closed: {
    order_canceled: "Este pedido foi cancelado: este pagamento não pode mais ser feito.",
    refunded: "O valor deste pagamento foi devolvido.",
    disputed: "Este pagamento está em contestação. A loja vai entrar em contato.",
  } as Record<string, string>,
  amountMismatch:
    "Recebemos um pagamento de outro valor. A loja vai conferir: não pague de novo; fale com ela se precisar.",
  latePayment:
    "Recebemos um pagamento depois que este código foi encerrado. A loja vai conferir e devolver o valor: não pague de novo.",
  loading: "Carregando o pagamento…",
  retrying: "Sem resposta da loja; tentando de novo…",
  unavailable: "Não foi possível carregar este pagamento.",
  amount: "Valor",
  copied: "Copiado!",
  copyByHand: "O texto está selecionado: pressione Ctrl+C (⌘C no Mac) para copiar.",
  newWindow: "(abre em nova janela)",
  renewing: "Gerando…",
  renewFailed: (reason: string) => `Não foi possível gerar: ${reason}`,
  discount: {
    /** "5% de desconto no PIX" */
    offer: (what: string, method: string) => `${what} de desconto no ${method}`,
    minimum: (amount: string) => `em compras a partir de ${amount}`,
  },
  pix: {
    title: "Pague com PIX",
    qrAlt: (amount: string) => `QR code do PIX de ${amount}`,
    code: "PIX copia e cola",
    copy: "Copiar código",
    expiresIn: "O código expira em",
    howTo: "Como pagar",
    steps: [
      "Abra o app do seu banco e escolha pagar com PIX.",
      "Escaneie o QR code ou cole o código copiado.",
      "Confirme o pagamento. Esta página se atualiza sozinha.",
    ],
    expired:
      "Este código PIX expirou e não pode mais ser pago. Faça um novo pedido para gerar outro.",
    closing:
      "O prazo deste código terminou. Se você já pagou, aguarde: a confirmação aparece aqui em instantes.",
    paid: "Recebemos o seu PIX. Obrigado!",
    renewable: (until: string) =>
      `Você pode gerar um novo código PIX para este mesmo pedido até ${until}.`,
    renew: "Gerar novo PIX",
    share: "Compartilhar no WhatsApp",
    shareMessage: (amount: string, code: string, orderUrl?: string) =>
      `PIX de ${amount} para pagar o pedido. Código copia e cola:\n${code}` +
      (orderUrl ? `\n\nAcompanhe o pedido: ${orderUrl}` : ""),
  },
  boleto: {
    title: "Boleto bancário",
    line: "Linha digitável",
    copy: "Copiar linha digitável",
    pdf: "Abrir o boleto (PDF)",
    due: "Vencimento",
    clearing: "Depois de pago, o boleto é compensado em 1 a 3 dias úteis.",
    expired: "Este boleto não pode mais ser pago. Faça um novo pedido para gerar outro.",
    closing:
      "O prazo deste boleto terminou. Se você já pagou, aguarde: a compensação leva até 3 dias úteis e aparece aqui.",
    paid: "Recebemos o pagamento do boleto. Obrigado!",
    renewable: (until: string) =>
      `Você pode gerar a 2ª via do boleto, com novo vencimento, para este mesmo pedido até ${until}.`,
    renew: "Gerar 2ª via do boleto",
  },
  card: {
    title: "Cartão de crédito",
    ending: (brand: string, last4: string) => `${brand} final ${last4}`,
    installment: (count: number, amount: string) => `${count}× de ${amount} sem juros`,
    installmentWithInterest: (count: number, amount: string, total: string) =>
      `${count}× de ${amount} com juros (total ${total})`,
    paid: "Pagamento aprovado. Obrigado!",
    analysis:
      "O emissor está analisando o pagamento. Esta página se atualiza sozinha quando houver resposta.",
    refused: "O pagamento foi recusado.",
    number: "Número do cartão",
    holderName: "Nome impresso no cartão",
    expiry: "Validade",
    expMonth: "Mês (MM)",
    expYear: "Ano (AAAA)",
    cvv: "Código de segurança (CVV)",
    installments: "Parcelas",
    submit: "Pagar com cartão",
    working: "Processando…",
    numberInvalid: "Confira o número do cartão.",
    holderRequired: "Informe o nome como está no cartão.",
    monthInvalid: "Informe o mês, de 01 a 12.",
    yearInvalid: "Informe o ano com 4 dígitos.",
    expired: "Este cartão está vencido.",
    cvvInvalid: "O código de segurança tem 3 ou 4 dígitos.",
    scriptFailed:
      "Não foi possível carregar o pagamento com cartão. Verifique sua conexão e tente de novo.",
    tokeniserRefused: "O cartão não foi aceito",
  },
  payer: {
    legend: "Dados do pagador",
    name: "Nome completo",
    email: "E-mail",
    document: "CPF ou CNPJ",
    phone: "Celular com DDD",
    nameRequired: "Informe seu nome completo.",
    emailInvalid: "Informe um e-mail válido, como nome@exemplo.com.",
    documentRequired: "Informe o CPF ou o CNPJ.",
    documentLength: "O CPF tem 11 dígitos e o CNPJ, 14 caracteres.",
    cpfInvalid: "CPF inválido: confira os dígitos.",
    cnpjInvalid: "CNPJ inválido: confira os caracteres.",
    phoneInvalid: "Informe o DDD e o número, com 8 ou 9 dígitos.",
  },
  fields: {
    legend: "Pagamento",
    neighbourhood: "Bairro",
    neighbourhoodRequired: "Informe o bairro do endereço de cobrança: o boleto exige.",
    neighbourhoodTooLong: "O bairro tem no máximo 100 caracteres.",
    cardLoading: "Carregando o pagamento com cartão…",
    cardUnavailable: "O pagamento com cartão não está disponível nesta loja.",
    noCardHere:
      "Este campo não pode ter um número de cartão: digite o cartão só nos campos do cartão.",
  },
  /** The plugin's own errors (sent in English by the store), as the shopper reads them. */
  server: {
    declined: (reason: string) =>
      `Seu cartão foi recusado${reason ? `: ${reason}` : ""}. Nada foi cobrado: tente outro cartão ou outra forma de pagamento.`,
    cardUnconfirmed:
      "Não conseguimos confirmar o pagamento com cartão. Não digite o cartão de novo: clique outra vez em finalizar o pedido para conferir (o cartão nunca é cobrado duas vezes).",
    unavailable:
      "O pagamento está indisponível no momento. Tente de novo em instantes ou escolha outra forma de pagamento.",
    boletoNeeds: (missing: string) =>
      `Para gerar o boleto, complete o endereço de cobrança: ${missing}.`,
    invalidPayer: (problems: string) => `Confira os dados do pagador: ${problems}.`,
    restart: "Este pagamento precisa ser iniciado de novo: escolha a forma de pagamento outra vez.",
    rawCard:
      "Por segurança, o número do cartão não pode ser enviado à loja: digite-o só nos campos do cartão.",
    tooLarge: "Os dados do pagamento são grandes demais. Recarregue a página e tente de novo.",
    payerRequired: "Informe os dados do pagador (nome, e-mail, CPF ou CNPJ e celular).",
    cardInAddress:
      "O endereço parece conter dados de cartão. Corrija o endereço (o cartão vai só nos campos do cartão) e escolha a forma de pagamento de novo.",
    needsOrderLink:
      "Para gerar um novo pagamento, abra o pedido pelo link do último e-mail de pagamento ou entre na sua conta.",
    tooManyRenewals: "Muitas tentativas na última hora. Tente de novo mais tarde.",
    unreachable: "Não foi possível falar com a loja. Confira a sua conexão e tente de novo.",
    renewal: {
      off: "Esta loja não gera um novo pagamento para o mesmo pedido.",
      method: "Só um PIX ou um boleto pode ser gerado de novo.",
      paid: "Este pedido já foi pago: não há mais nada a pagar.",
      flagged:
        "Este pagamento precisa ser conferido pela loja (um pagamento pode ter chegado): fale com a loja.",
      closed: "Este pagamento não é mais oferecido: fale com a loja.",
      stillPayable: "Este código ainda pode ser pago.",
      windowOver:
        "Terminou o prazo para gerar um novo pagamento para este pedido: faça um novo pedido.",
      limit:
        "Este pedido já recebeu o máximo de novos códigos que a loja gera: faça um novo pedido.",
      cancelled: "Este pedido foi cancelado: faça um novo pedido.",
      busy: "Um novo pagamento está sendo gerado para este pedido: tente de novo em instantes.",
      unreadable: "A loja não consegue mais ler os dados deste pagamento: faça um novo pedido.",
    },
  },
}

export type VorexyTexts = typeof ptBR

const en: VorexyTexts = {
  states: {
    pending: "Awaiting payment",
    closing: "Time is up",
    paid: "Payment confirmed",
    expired: "Payment expired",
    cancelled: "Payment cancelled",
    failed: "The payment did not go through",
    analysis: "Payment under review",
    refused: "Payment declined",
    unconfirmed: "Payment not confirmed",
  },
  unconfirmed: "We could not confirm this payment. Please contact the store.",
  paidWithoutOrder:
    "We received the payment, but the order could not be created. Please contact the store: it will refund you or create the order.",
  closed: {
    order_canceled: "This order was cancelled: this payment can no longer be made.",
    refunded: "This payment was refunded.",
    disputed: "This payment is disputed. The store will contact you.",
  },
  amountMismatch:
    "We received a payment of another amount. The store will look at it: do not pay again; contact it if you need to.",
  latePayment:
    "We received a payment after this code was closed. The store will look at it and refund you: do not pay again.",
  loading: "Loading the payment…",
  retrying: "The store is not answering; trying again…",
  unavailable: "This payment could not be loaded.",
  amount: "Amount",
  copied: "Copied!",
  copyByHand: "The text is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
  newWindow: "(opens in a new window)",
  renewing: "Getting it…",
  renewFailed: (reason) => `Could not get it: ${reason}`,
  discount: {
    offer: (what, method) => `${what} off with ${method}`,
    minimum: (amount) => `on orders from ${amount}`,
  },
  pix: {
    title: "Pay with PIX",
    qrAlt: (amount) => `PIX QR code for ${amount}`,
    code: "PIX copy and paste code",
    copy: "Copy code",
    expiresIn: "The code expires in",
    howTo: "How to pay",
    steps: [
      "Open your bank's app and choose to pay with PIX.",
      "Scan the QR code or paste the copied code.",
      "Confirm the payment. This page updates by itself.",
    ],
    expired:
      "This PIX code has expired and can no longer be paid. Place a new order to get another.",
    closing:
      "This code's time is up. If you have already paid, please wait: the confirmation shows here shortly.",
    paid: "We received your PIX. Thank you!",
    renewable: (until) => `You can get a new PIX code for this same order until ${until}.`,
    renew: "Get a new PIX code",
    share: "Share on WhatsApp",
    shareMessage: (amount: string, code: string, orderUrl?: string) =>
      `PIX of ${amount} to pay the order. Copy and paste code:\n${code}` +
      (orderUrl ? `\n\nFollow the order: ${orderUrl}` : ""),
  },
  boleto: {
    title: "Boleto",
    line: "Digitable line",
    copy: "Copy line",
    pdf: "Open the boleto (PDF)",
    due: "Due date",
    clearing: "Once paid, a boleto takes 1 to 3 business days to clear.",
    expired: "This boleto can no longer be paid. Place a new order to get another.",
    closing:
      "This boleto's time is up. If you have already paid, please wait: it clears within 3 business days and shows here.",
    paid: "We received your boleto payment. Thank you!",
    renewable: (until) =>
      `You can get a new boleto, with a new due date, for this same order until ${until}.`,
    renew: "Get a new boleto",
  },
  card: {
    title: "Credit card",
    ending: (brand, last4) => `${brand} ending in ${last4}`,
    installment: (count, amount) => `${count}× ${amount} interest-free`,
    installmentWithInterest: (count, amount, total) =>
      `${count}× ${amount} with interest (total ${total})`,
    paid: "Payment approved. Thank you!",
    analysis: "The issuer is reviewing the payment. This page updates by itself when it answers.",
    refused: "The payment was declined.",
    number: "Card number",
    holderName: "Name on the card",
    expiry: "Expiry date",
    expMonth: "Month (MM)",
    expYear: "Year (YYYY)",
    cvv: "Security code (CVV)",
    installments: "Installments",
    submit: "Pay by card",
    working: "Processing…",
    numberInvalid: "Check the card number.",
    holderRequired: "Enter the name as it appears on the card.",
    monthInvalid: "Enter the month, 01 to 12.",
    yearInvalid: "Enter the year with 4 digits.",
    expired: "This card has expired.",
    cvvInvalid: "The security code has 3 or 4 digits.",
    scriptFailed: "Card payment could not be loaded. Check your connection and try again.",
    tokeniserRefused: "The card was not accepted",
  },
  payer: {
    legend: "Payer details",
    name: "Full name",
    email: "E-mail",
    document: "CPF or CNPJ",
    phone: "Mobile phone with area code",
    nameRequired: "Enter your full name.",
    emailInvalid: "Enter a valid e-mail address, such as name@example.com.",
    documentRequired: "Enter the CPF or CNPJ.",
    documentLength: "A CPF has 11 digits and a CNPJ 14 characters.",
    cpfInvalid: "Invalid CPF: check the digits.",
    cnpjInvalid: "Invalid CNPJ: check the characters.",
    phoneInvalid: "Enter the area code and the 8- or 9-digit number.",
  },
  fields: {
    legend: "Payment",
    neighbourhood: "Neighbourhood (bairro)",
    neighbourhoodRequired: "Enter the billing address's neighbourhood: a boleto needs it.",
    neighbourhoodTooLong: "The neighbourhood has at most 100 characters.",
    cardLoading: "Loading card payment…",
    cardUnavailable: "Card payment is not available in this store.",
    noCardHere: "This field cannot hold a card number: type the card only in the card's fields.",
  },
  server: {
    declined: (reason) =>
      `Your card was declined${reason ? `: ${reason}` : ""}. Nothing was charged: try another card or another payment method.`,
    cardUnconfirmed:
      "We could not confirm your card payment. Do not enter your card again: place the order again to check it (the card is never charged twice).",
    unavailable:
      "Payment is unavailable right now. Please try again in a moment or choose another payment method.",
    boletoNeeds: (missing) => `To issue the boleto, complete the billing address: ${missing}.`,
    invalidPayer: (problems) => `Check the payer's details: ${problems}.`,
    restart: "This payment must be started again: choose the payment method again.",
    rawCard:
      "For your safety, a card number cannot be sent to the store: type it only in the card's fields.",
    tooLarge: "The payment details are too large. Reload the page and try again.",
    payerRequired: "Enter the payer's details (name, e-mail, CPF or CNPJ and phone).",
    cardInAddress:
      "The address seems to hold card details. Correct the address (the card goes only in the card's fields) and choose the payment method again.",
    needsOrderLink:
      "To get a new payment, open the order from the link in its latest payment e-mail, or log in to your account.",
    tooManyRenewals: "Too many attempts in the last hour. Please try again later.",
    unreachable: "Could not reach the store. Check your connection and try again.",
    renewal: {
      off: "This store does not issue a new payment for the same order.",
      method: "Only a PIX or a boleto can be issued again.",
      paid: "This order is paid: there is nothing more to pay.",
      flagged:
        "This payment needs the store's attention (a payment may have arrived): please contact the store.",
      closed: "This payment is no longer offered: please contact the store.",
      stillPayable: "This code can still be paid.",
      windowOver:
        "The time to issue a new payment for this order has ended: please place a new order.",
      limit:
        "This order already had the most new codes this store issues: please place a new order.",
      cancelled: "This order was cancelled: please place a new order.",
      busy: "A new payment is being made for this order: please try again in a moment.",
      unreadable: "The store can no longer read this payment's details: please place a new order.",
    },
  },
}

export const VOREXY_TEXTS: Record<VorexyLocale, VorexyTexts> = { "pt-BR": ptBR, en }

/** The texts for a locale; anything but "en" is pt-BR, the plugin's default. */
export const textsFor = (locale?: VorexyLocale): VorexyTexts =>
  VOREXY_TEXTS[locale ?? "pt-BR"] ?? ptBR

/** What an unconfirmed payment view says, by why the store could not confirm it. */
export const unconfirmedText = (
  status: { unconfirmed_reason?: string | null },
  t: VorexyTexts
): string =>
  (
    ({
      paid_without_order: t.paidWithoutOrder,
      amount_mismatch: t.amountMismatch,
      late_payment: t.latePayment,
    }) as Record<string, string>
  )[status.unconfirmed_reason ?? ""] ?? t.unconfirmed

/**
 * What a PIX or boleto view says once nothing can be paid: why, when the store says (its order
 * cancelled, refunded, disputed), else that it lapsed (`expired`, the method's own words).
 */
export const closedText = (
  status: { status: string; closed_reason: string | null },
  t: VorexyTexts,
  expired: string
): string => t.closed[status.status] ?? t.closed[status.closed_reason ?? ""] ?? expired
