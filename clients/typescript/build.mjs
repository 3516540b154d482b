// Builds the package into dist/ (or the folder named as the first argument), which is committed:
// `npm install --install-links ./clients/typescript` then builds nothing; npm installs the one
// runtime dependency (openapi-fetch) from the registry. (Without --install-links npm links a
// folder outside the installing project and installs none of its dependencies.)
//   node build.mjs [out]      (npm run build; scripts/ts-client.sh runs it and checks dist/)
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, "dist"));

rmSync(out, { recursive: true, force: true });
// tsc writes the compiled package (and type-checks src/, strict).
execFileSync(join(here, "node_modules/.bin/tsc"), ["-p", here, "--outDir", out], { stdio: "inherit" });
// dist/index.d.ts imports ./railrules.js: the generated types go beside it (tsc copies no .d.ts).
writeFileSync(join(out, "railrules.d.ts"), readFileSync(join(here, "src/railrules.d.ts")));
