#!/usr/bin/env bash
# The README's install of the TypeScript client, as a user on a fresh checkout does it: the files
# of clients/typescript that git tracks (their working-tree contents; never an untracked dist/
# or node_modules/) are copied to a temporary folder, and a new npm project beside it runs
# `npm install --install-links ../repo/clients/typescript` (the README's command): npm packs the
# folder, runs none of its build scripts (there are none: the committed dist/ must work as it
# is) and installs its one dependency, openapi-fetch, from the registry. A Node
# ESM script then imports `railrules-client` as the README does and, against a railrules
# service started here, sets up 1833NE (the README's call) and Railroad Barons, validates a
# legal move of each and checks a stale move's 409. Last, the project installs the package's
# pinned typescript (npm registry) and type-checks that script (checkJs) against the shipped
# declarations.
# The service: $RAILRULES_BIN, else target/release/railrules as it is (CI's
# scripts/hostile-load.sh builds it), built when missing. Stopped at the end.
#   scripts/ts-client-install.sh
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in git node npm python3; do
  command -v "$tool" >/dev/null || { echo "ts-client-install: $tool is needed" >&2; exit 1; }
done

dir=clients/typescript
name=ts-client-install
# shellcheck source=scripts/lib/clean-install.sh
. scripts/lib/clean-install.sh
copy_tracked "$dir"
[ -f "$tmp/repo/$dir/package.json" ] || { echo "ts-client-install: git tracks no $dir/package.json" >&2; exit 1; }

# A new project installs the client exactly as the README says.
mkdir "$tmp/app"
cd "$tmp/app"
echo '{ "name": "railrules-client-user", "version": "1.0.0", "private": true, "type": "module" }' >package.json
if ! npm install --install-links --no-audit --no-fund --loglevel=error ../repo/$dir >"$tmp/npm.log" 2>&1; then
  cat "$tmp/npm.log" >&2
  echo "ts-client-install: npm install --install-links ./$dir failed on the files git tracks" >&2
  exit 1
fi
cd - >/dev/null

# The service, on a free port of the loopback (scripts/lib/clean-install.sh).
start_service

# The README's import and calls. Plain JavaScript that tsc checks against the shipped types.
cat >"$tmp/app/use.mjs" <<EOF
// @ts-check
import { createRailrulesClient, problemText, MAX_SEED } from "railrules-client";

const rr = createRailrulesClient("$url");

/**
 * The answer of a 200, or an error naming the refused request's problems.
 * @template T
 * @param {{ data?: T, error?: unknown, response: Response }} answer
 * @param {string} what
 * @returns {T}
 */
function ok(answer, what) {
  if (answer.data === undefined) {
    throw new Error(\`\${what}: HTTP \${answer.response.status} \${JSON.stringify(answer.error)}\`);
  }
  return answer.data;
}

// The README's example.
const { data, error } = await rr.POST("/v1/1833ne/setup", { body: { options: { players: 3 }, seed: 2 } });
if (error !== undefined || data === undefined) throw new Error(\`1833ne setup: \${JSON.stringify(error)}\`);
const legal = ok(await rr.POST("/v1/1833ne/legal-actions", { body: { state: data.state } }), "1833ne legal-actions");
const action = legal.actions[0];
if (action === undefined) throw new Error("1833ne: no legal action");
const verdict = ok(await rr.POST("/v1/1833ne/validate", { body: { state: data.state, action } }), "1833ne validate");
if (!verdict.valid) throw new Error(\`1833ne: \${action.type} refused: \${verdict.violation.message}\`);
console.log(\`1833ne: setup, \${legal.actions.length} legal actions, \${action.type} valid (\${verdict.events.length} event(s))\`);

// Railroad Barons: a legal move validated at the move it was seen, then resubmitted stale: 409.
const rb = ok(await rr.POST("/v1/railroad-barons/setup", { body: { seed: MAX_SEED } }), "railroad-barons setup");
const rbLegal = ok(await rr.POST("/v1/railroad-barons/legal-actions", { body: { state: rb.state } }), "railroad-barons legal-actions");
const rbAction = rbLegal.actions[0];
if (rbAction === undefined) throw new Error("railroad-barons: no legal action");
const rbVerdict = ok(
  await rr.POST("/v1/railroad-barons/validate", { body: { state: rb.state, action: rbAction, expected_move: rb.state.move } }),
  "railroad-barons validate",
);
if (!rbVerdict.valid) throw new Error(\`railroad-barons: \${rbAction.type} refused: \${rbVerdict.violation.message}\`);
const stale = await rr.POST("/v1/railroad-barons/validate", {
  body: { state: rbVerdict.state, action: rbAction, expected_move: rb.state.move },
});
if (stale.response.status !== 409 || stale.error === undefined) {
  throw new Error(\`railroad-barons: a stale move answered HTTP \${stale.response.status}, not 409\`);
}
console.log(\`railroad-barons: \${rbAction.type} valid; stale resubmission 409 (\${problemText(stale.error)})\`);
EOF
if ! (cd "$tmp/app" && node use.mjs); then
  echo "ts-client-install: the installed client failed against $url (server log: below)" >&2
  cat "$tmp/server.log" >&2
  exit 1
fi

# The shipped declarations: the script type-checks with the package's own typescript version.
typescript=$(node -p 'require("./'"$dir"'/package.json").devDependencies.typescript')
(cd "$tmp/app" && npm install --install-links --no-save --no-audit --no-fund --loglevel=error "typescript@$typescript" >"$tmp/npm.log" 2>&1) ||
  { cat "$tmp/npm.log" >&2; echo "ts-client-install: npm install typescript@$typescript failed" >&2; exit 1; }
cat >"$tmp/app/tsconfig.json" <<'EOF'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "lib": ["ES2022", "DOM"],
    "types": [],
    "strict": true,
    "allowJs": true,
    "checkJs": true,
    "noEmit": true,
    "skipLibCheck": false
  },
  "files": ["use.mjs"]
}
EOF
(cd "$tmp/app" && node_modules/.bin/tsc -p .) ||
  { echo "ts-client-install: the installed client's declarations do not type-check use.mjs" >&2; exit 1; }

echo "ts-client-install: npm install --install-links ./$dir (git-tracked files only) installed railrules-client; it set up games and validated moves against $bin; its types check"
