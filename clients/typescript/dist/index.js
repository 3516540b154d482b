// The railrules client: openapi-fetch over the types openapi-typescript generates from
// openapi/openapi.json (src/railrules.d.ts). Every path, body and answer is typed:
//
//   const rr = createRailrulesClient("http://127.0.0.1:8080");
//   const { data, error } = await rr.POST("/v1/1833ne/setup", { body: { seed: 2 } });
//
// `error` is the problem+json body (typed `Problem`) of a 4xx/5xx answer.
import createClient from "openapi-fetch";
/** The largest seed the API publishes: 2^53 - 1. */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;
/** A client of the railrules service at `baseUrl` (e.g. `http://127.0.0.1:8080`). */
export function createRailrulesClient(baseUrl, options = {}) {
    return createClient({ ...options, baseUrl: baseUrl.replace(/\/+$/, "") });
}
/** A problem's every error on one line: the title, the detail and each pointer's problem. */
export function problemText(problem) {
    return [problem.title, problem.detail, ...problem.errors.map((e) => `${e.pointer}: ${e.detail}`)].join("; ");
}
