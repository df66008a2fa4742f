import { VERIFIED_ON } from "./starter"

export function helpText(version: string): string {
  return `medusa-payment-vorexy ${version}

Usage: npx medusa-payment-vorexy starter [dir] [options]

Adds Vorexy payments (PIX, boleto, card) to Medusa's Next.js starter storefront in [dir]
(default: the current directory; a dtc-starter root means its apps/storefront):
the checkout's payment fields, the Place order button, a "Bairro" address input, the order
page's QR / boleto / card status, and the package itself.

Every edit is found by the code it changes, never by line numbers. When any file or anchor is
not as expected, nothing at all is changed and the file and anchor are named. Running it again
changes nothing.

Options:
  --dry-run          print what would change; write and install nothing
  --no-install       do not install the package
  --package <spec>   install <spec> (a version, a tarball from npm pack, a path) instead of
                     medusa-payment-vorexy@${version}
  -h, --help         this text

Verified on: ${VERIFIED_ON.join("; ")}.
`
}
