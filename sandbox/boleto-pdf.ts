/**
 * The boleto's slip as a small, valid PDF 1.4, written by hand (no dependency): one A4 page with
 * the beneficiary, payer, amount, due date, the formatted linha digitável and the barcode drawn in
 * Interleaved 2 of 5, the symbology FEBRABAN prescribes. Uncompressed, so tests can read the text.
 */
import { formatDigitableLine } from "./boleto"

export type BoletoSlip = {
  beneficiaryName: string
  beneficiaryDocument: string
  payerName: string
  amountCents: number
  /** ISO date or timestamp; its UTC day is the due date. */
  dueDate: string
  digitableLine: string
  barcode: string
}

/** "R$ 1.234,56", as Brazilian slips print amounts. */
export function brl(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  return `R$ ${whole},${String(cents % 100).padStart(2, "0")}`
}

function formatDocument(digits: string): string {
  if (/^\d{14}$/.test(digits))
    return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, "$1.$2.$3/$4-$5")
  if (/^\d{11}$/.test(digits))
    return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4")
  return digits
}

/** A PDF literal string in WinAnsi (Latin-1 where it matters); anything else becomes "?". */
function pdfString(text: string): string {
  const latin1 = [...text]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) > 255 ? "?" : c))
    .join("")
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`
}

// Interleaved 2 of 5: each digit is 5 elements, two of them wide (1 = wide).
const ITF = [
  "00110",
  "10001",
  "01001",
  "11000",
  "00101",
  "10100",
  "01100",
  "00011",
  "10010",
  "01010",
]

/** The barcode as bar rectangles (x, width), narrow 1 unit and wide 3, start and stop included. */
export function itfBars(digits: string, narrow = 1, wide = 3): [number, number][] {
  const modules: [boolean, number][] = [
    [true, narrow],
    [false, narrow],
    [true, narrow],
    [false, narrow],
  ]
  for (let i = 0; i + 1 < digits.length; i += 2) {
    const bars = ITF[Number(digits[i])]
    const spaces = ITF[Number(digits[i + 1])]
    for (let k = 0; k < 5; k++) {
      modules.push([true, bars[k] === "1" ? wide : narrow])
      modules.push([false, spaces[k] === "1" ? wide : narrow])
    }
  }
  modules.push([true, wide], [false, narrow], [true, narrow])
  const rects: [number, number][] = []
  let x = 0
  for (const [bar, width] of modules) {
    if (bar) rects.push([x, width])
    x += width
  }
  return rects
}

/** The page's drawing operators: text lines, then the barcode. */
function pageContent(slip: BoletoSlip): string {
  const due = slip.dueDate.slice(0, 10).split("-").reverse().join("/")
  const text = (font: string, size: number, y: number, value: string) =>
    `BT /${font} ${size} Tf 50 ${y} Td ${pdfString(value)} Tj ET`
  const beneficiary = `${slip.beneficiaryName} - ${formatDocument(slip.beneficiaryDocument)}`
  const lines = [
    text("F1", 18, 780, "Boleto (sandbox)"),
    text("F1", 11, 750, `Beneficiário: ${beneficiary}`),
    text("F1", 11, 732, `Pagador: ${slip.payerName}`),
    text("F1", 11, 714, `Valor: ${brl(slip.amountCents)}`),
    text("F1", 11, 696, `Vencimento: ${due}`),
    text("F1", 11, 670, "Linha digitável:"),
    text("F2", 11, 652, formatDigitableLine(slip.digitableLine)),
    "0 g",
    ...itfBars(slip.barcode, 0.9, 2.7).map(([x, w]) => `${(50 + x).toFixed(2)} 580 ${w} 50 re f`),
    text("F1", 8, 560, "Documento de teste do sandbox Vorexy: não tem valor de pagamento."),
  ]
  return `${lines.join("\n")}\n`
}

/** The whole file: objects, then an xref table whose offsets are the objects' byte positions. */
export function boletoPdf(slip: BoletoSlip): Buffer {
  const content = pageContent(slip)
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] " +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
    "<< /Title (Boleto sandbox) /Producer (Vorexy sandbox) >>",
  ]
  // The binary comment line marks the file as binary for transfer tools, as the PDF spec advises.
  let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"))
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, "latin1")
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space + LF.
  const entries = offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")
  pdf +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\n` +
    `startxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, "latin1")
}
