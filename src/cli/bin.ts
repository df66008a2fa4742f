#!/usr/bin/env node
// npx medusa-payment-vorexy starter [dir]: see help.ts.
import { run } from "./run"

process.exitCode = run(process.argv.slice(2), {
  cwd: process.cwd(),
  out: { log: (line) => console.log(line), error: (line) => console.error(line) },
})
