// How the integration suite is split into lanes that run at the same time (scripts/test-lanes.mjs):
// `--shard=k/n` gives lane k its spec files.
//
// The specs that start processes of their own from the checkout (`medusa start` and `develop`, the
// demo, `npm run build` and `npm pack`) share its `.medusa` folder: they all go to lane 1, one after
// another. The other specs boot Medusa inside jest on a database of their own and can run beside
// anything; they fill the lanes, longest first, each into the lane with the least work so far, so
// the lanes end close together. Their weights are the seconds each took in a run on a 2-CPU machine
// (a spec not listed counts as DEFAULT_SECONDS); a stale weight only makes the lanes less even.
import TestSequencer from "@jest/test-sequencer"
import path from "node:path"

// A CommonJS module: its class is the `default` of what the import gives.
const Sequencer = TestSequencer.default ?? TestSequencer

const ALONE = /^integration-tests\/(process|browser|topology)\//
const DEFAULT_SECONDS = 20
const SECONDS = {
  "integration-tests/topology/faults.spec.ts": 190,
  "integration-tests/process/demo-restart.spec.ts": 85,
  "integration-tests/browser/admin-ui.spec.ts": 56,
  "integration-tests/topology/server-worker.spec.ts": 52,
  "integration-tests/browser/storefront.spec.ts": 47,
  "integration-tests/process/secret-logs.spec.ts": 35,
  "integration-tests/process/demo-signal.spec.ts": 29,
  "integration-tests/process/package-types.spec.ts": 22,
  "integration-tests/http/simulated-week.spec.ts": 80,
  "integration-tests/http/recovery.spec.ts": 70,
  "integration-tests/http/pix-checkout.spec.ts": 48,
  "integration-tests/http/capture-contract.spec.ts": 65,
  "integration-tests/http/reconcile-runs.spec.ts": 45,
  "integration-tests/http/webhook-lifecycle.spec.ts": 44,
  "integration-tests/http/pix-payment-status.spec.ts": 42,
  "integration-tests/http/admin.spec.ts": 38,
  "integration-tests/http/card-lost-answer.spec.ts": 36,
  "integration-tests/http/withdrawal-recovery.spec.ts": 35,
  "integration-tests/http/webhook-untrusted.spec.ts": 35,
  "integration-tests/http/webhook-auth.spec.ts": 66,
  "integration-tests/http/webhooks-delivery.spec.ts": 33,
  "integration-tests/http/fuzz.spec.ts": 30,
  "integration-tests/http/trust-session.spec.ts": 27,
  "integration-tests/http/card-checkout.spec.ts": 27,
  "integration-tests/http/admin-pix-keys.spec.ts": 27,
  "integration-tests/http/boleto-checkout.spec.ts": 25,
  "integration-tests/http/method-discount.spec.ts": 30,
  "integration-tests/http/charge-renewal.spec.ts": 40,
  "integration-tests/gateway/client-transactions.spec.ts": 2,
  "integration-tests/gateway/client-account.spec.ts": 3,
  "integration-tests/gateway/provider.spec.ts": 3,
  "integration-tests/gateway/key-rotation.spec.ts": 1,
  "integration-tests/gateway/sandbox-methods.spec.ts": 1,
  "integration-tests/gateway/sandbox.spec.ts": 1,
  "integration-tests/gateway/sandbox-webhooks.spec.ts": 1,
}

const relative = (test) =>
  path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/")

/** The lanes' spec files: lane index (0-based) for each test path. */
function lanesOf(tests, count) {
  const load = new Array(count).fill(0)
  const lane = new Map()
  const weight = (test) => SECONDS[relative(test)] ?? DEFAULT_SECONDS
  for (const test of tests.filter((t) => ALONE.test(relative(t)))) {
    lane.set(test.path, 0)
    load[0] += weight(test)
  }
  const rest = tests
    .filter((t) => !ALONE.test(relative(t)))
    .sort((a, b) => weight(b) - weight(a) || (relative(a) < relative(b) ? -1 : 1))
  for (const test of rest) {
    const least = load.indexOf(Math.min(...load))
    lane.set(test.path, least)
    load[least] += weight(test)
  }
  return lane
}

export default class LaneSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const lanes = lanesOf(tests, shardCount)
    return tests.filter((test) => lanes.get(test.path) === shardIndex - 1)
  }
}
