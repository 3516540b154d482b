import { type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./railrules.js";
export type { components, paths } from "./railrules.js";
export type Schemas = components["schemas"];
export type Problem = Schemas["Problem"];
/** A seed as the API takes it: a whole number up to 2^53 - 1 (a JavaScript number holds it exactly). */
export type Seed = NonNullable<Schemas["Ne1833SetupRequest"]["seed"]>;
/** The largest seed the API publishes: 2^53 - 1. */
export declare const MAX_SEED: Seed;
/** A client of the railrules service at `baseUrl` (e.g. `http://127.0.0.1:8080`). */
export declare function createRailrulesClient(baseUrl: string, options?: Omit<ClientOptions, "baseUrl">): import("openapi-fetch").Client<paths, `${string}/${string}`>;
export type RailrulesClient = ReturnType<typeof createRailrulesClient>;
/** A problem's every error on one line: the title, the detail and each pointer's problem. */
export declare function problemText(problem: Problem): string;
