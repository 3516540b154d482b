// A typed railrules client in a few lines: set up a Railroad Barons game, ask the legal actions,
// validate the first one and print its events. Every body and answer is typed by the types that
// openapi-typescript generates from openapi/openapi.json (src/railrules.d.ts).
//
//   RAILRULES_URL=http://127.0.0.1:8080 npm run example
import type { components, paths } from "./railrules.js";

type Schemas = components["schemas"];
export type RailroadBaronsAction = Schemas["RailroadBaronsAction"];
export type RailroadBaronsEvent = Schemas["RailroadBaronsEvent"];
export type RailroadBaronsRound = Schemas["RailroadBaronsRound"];
type Problem = Schemas["Problem"];

// Node 20's globals used here (the DOM lib types fetch; no @types/node needed).
declare const process: { env: Record<string, string | undefined>; exitCode?: number };

const baseUrl = (process.env["RAILRULES_URL"] ?? "http://127.0.0.1:8080").replace(/\/+$/, "");

// The paths with a JSON POST body, and the body and 200 answer of each, read from `paths`.
type PostPath = {
  [P in keyof paths]: paths[P] extends { post: { requestBody: { content: { "application/json": unknown } } } }
    ? P
    : never;
}[keyof paths];
type Post<P extends PostPath> = paths[P] extends { post: infer Op } ? Op : never;
type RequestBody<P extends PostPath> =
  Post<P> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
type Ok<P extends PostPath> =
  Post<P> extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;

async function post<P extends PostPath>(path: P, body: RequestBody<P>): Promise<Ok<P>> {
  const response = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) {
    // 400/408/413/422 answer application/problem+json listing every problem.
    const text = await response.text();
    let detail = text;
    try {
      const problem = JSON.parse(text) as Problem;
      detail = [problem.title, problem.detail, ...problem.errors.map((e) => `${e.pointer}: ${e.detail}`)].join("; ");
    } catch {
      // not JSON: keep the text
    }
    throw new Error(`POST ${path}: HTTP ${response.status}: ${detail}`);
  }
  return (await response.json()) as Ok<P>;
}

/** Throws at compile time when a union gains a variant that a switch does not handle. */
function unreachable(value: never): never {
  throw new Error(`unhandled variant: ${JSON.stringify(value)}`);
}

/** One line per action; each case reads fields only its variant has. */
export function describeAction(action: RailroadBaronsAction): string {
  switch (action.type) {
    case "offer_investor":
      return `${action.player} offers ${action.investor}`;
    case "take_investor":
      return `${action.player} takes the offered Investor`;
    case "take_cash":
      return `${action.player} takes the offered Investor's price`;
    case "choose_start_value":
      return `${action.player} sets MS&C's start value to ${action.value}`;
    case "trade": {
      const sold = (action.sell ?? []).map((s) => `${s.holding} #${s.certificate}`);
      const bought = action.buy ? `buys ${action.buy.holding} #${action.buy.certificate}` : "buys nothing";
      return `${action.player} sells [${sold.join(", ")}] and ${bought}`;
    }
    case "pass":
      return `${action.player} passes`;
    case "swap_priority":
      return `${action.player} swaps the Priority Deal`;
    case "place_operators":
      return `${action.player} places ${action.plus} plus and ${action.diamond} diamond operators${action.invest ? ", investing" : ""}`;
    case "revenue":
      return `${action.player} ${action.payout ? "pays out" : "withholds"}`;
    case "buy_railroad":
      return `${action.player} buys Railroad ${action.card} from ${action.from}${action.price == null ? "" : ` for $${action.price}`}`;
    case "assign_investor":
      return `${action.player} assigns ${action.investor}`;
    case "discard_railroads":
      return `${action.player} discards Railroads ${action.railroads.join(", ")}`;
    case "done":
      return `${action.player} is done`;
    default:
      return unreachable(action);
  }
}

/** One line per event; exhaustive over every event type. */
export function describe(event: RailroadBaronsEvent): string {
  switch (event.type) {
    case "round_started":
      return `${event.round} ${event.number} starts`;
    case "round_ended":
      return `${event.round} ${event.number} ends`;
    case "investor_offered":
      return `${event.by} offers ${event.investor} at $${event.price}`;
    case "investor_drafted":
      return `${event.investor}: card to ${event.card_to}, $${event.price} to ${event.cash_to}`;
    case "investor_left_game":
      return `${event.investor} leaves the game, paying $${event.paid_to_each} to each player`;
    case "investor_450_bundle_received":
      return `${event.player} receives the $450 bundle: ${event.holding} and Railroad ${event.railroad}`;
    case "investor_450_bundle_returned":
      return `Railroad ${event.railroad} returns from the $450 bundle`;
    case "holding_started":
      return `${event.director} starts ${event.holding} at ${event.start_value}, paying $${event.paid}`;
    case "holding_floated":
      return `${event.holding} floats with $${event.capital}`;
    case "certificates_sold":
      return `${event.player} sells ${event.sales.length} certificate(s) for $${event.total}`;
    case "certificate_bought":
      return `${event.player} buys ${event.holding} #${event.certificate} for $${event.paid}`;
    case "share_value_moved":
      return `${event.holding} share value ${event.from} -> ${event.to}`;
    case "director_changed":
      return `${event.holding} Director ${event.from} -> ${event.to}`;
    case "director_certificate_exchanged":
      return `${event.director} exchanges ${event.holding}'s Director certificate with ${event.from}`;
    case "sell_down_required":
      return `${event.player} holds ${event.certificates} certificates, over the limit of ${event.limit}`;
    case "passed":
      return `${event.player} passes`;
    case "priority_deal_passed":
      return `Priority Deal ${event.from} -> ${event.to} (${event.reason})`;
    case "holding_operates":
      return `${event.holding} operates (Director ${event.director})`;
    case "operators_placed":
      return `${event.holding} places ${event.plus} plus / ${event.diamond} diamond operators`;
    case "dividends_paid":
      return `${event.holding} pays $${event.revenue}: ${event.payments.map((p) => `${p.player} $${p.amount}`).join(", ")}`;
    case "revenue_withheld":
      return `${event.holding} withholds $${event.revenue}`;
    case "railroad_bought":
      return `${event.holding} buys Railroad ${event.card} (level ${event.level}) from ${event.from} for $${event.price}`;
    case "investor_assigned":
      return `${event.investor} assigned to ${event.holding}`;
    case "railroads_obsolete":
      return `level ${event.level} Railroads leave the game: ${event.railroads.join(", ")}`;
    case "railroads_discarded":
      return `${event.holding} discards Railroads ${event.railroads.join(", ")}`;
    case "railroad_removed_from_stack":
      return `Railroad ${event.card} removed from the stack`;
    case "game_ended":
      return `game over, won by ${event.winners.join(" and ")}`;
    default:
      return unreachable(event);
  }
}

/** The state's round is itself a tagged union (tag `round`). */
export function describeRound(round: RailroadBaronsRound): string {
  switch (round.round) {
    case "investor_draft":
      return `Investor draft (${round.offers_made} offers made, ${round.pool.length} Investors in the pool)`;
    case "stock_round":
      return `Stock Round ${round.number}, ${round.to_act} to act`;
    case "operating_round":
      return `Operating Round ${round.number}: ${round.holding}, step ${round.step}`;
    case "game_ended":
      return `game ended, won by ${round.winners.join(" and ")}`;
    default:
      return unreachable(round);
  }
}

async function main(): Promise<void> {
  const { state } = await post("/v1/railroad-barons/setup", { seed: 7 });
  console.log(`set up: ${describeRound(state.round)}, start player ${state.start_player}`);

  const legal = await post("/v1/railroad-barons/legal-actions", { state });
  console.log(`to act: ${legal.to_act.join(", ")}; ${legal.actions.length} legal action(s)`);
  const action = legal.actions[0];
  if (action === undefined) {
    throw new Error("no legal action");
  }
  console.log(`validating: ${describeAction(action)}`);

  const verdict = await post("/v1/railroad-barons/validate", { state, action });
  // The answer is a union on the boolean `valid`: narrowing gives `events` or `violation`.
  if (verdict.valid) {
    for (const event of verdict.events) {
      console.log(`  event ${event.type}: ${describe(event)}`);
    }
    console.log(`now: ${describeRound(verdict.state.round)}`);
  } else {
    console.log(`refused: ${verdict.violation.code} (${verdict.violation.rule}): ${verdict.violation.message}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
