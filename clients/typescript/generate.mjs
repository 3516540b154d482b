// Generates src/railrules.d.ts (or the file named as the first argument) from
// ../../openapi/openapi.json with openapi-typescript. The spec's request examples (whole game
// states, for Swagger UI's "Try it out") are left out first: as JSDoc they would be most of the
// types file and say nothing of the types.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(process.argv[2] ?? join(here, "src/railrules.d.ts"));
const spec = JSON.parse(readFileSync(join(here, "../../openapi/openapi.json"), "utf8"));
for (const item of Object.values(spec.paths ?? {})) {
  for (const operation of Object.values(item)) {
    for (const media of Object.values(operation?.requestBody?.content ?? {})) {
      delete media.example;
    }
  }
}
const tmp = mkdtempSync(join(tmpdir(), "railrules-spec-"));
try {
  const stripped = join(tmp, "openapi.json");
  writeFileSync(stripped, JSON.stringify(spec));
  const cli = join(here, "node_modules/.bin/openapi-typescript");
  execFileSync(cli, [stripped, "--empty-objects-unknown", "-o", out], { stdio: "pipe" });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
