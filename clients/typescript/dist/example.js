// The railrules client at work (src/index.ts: openapi-fetch over the generated types).
// Railroad Barons: set up, list the legal actions with what each would cause, validate one.
// 1833NE: play a 3-player game some moves in, print its log from a replay, then the actions
// available with their costs (each listed action's `effects`: the events it would cause).
//
//   RAILRULES_URL=http://127.0.0.1:8080 npm run example
import { createRailrulesClient, problemText } from "./index.js";
const rr = createRailrulesClient(process.env["RAILRULES_URL"] ?? "http://127.0.0.1:8080");
/** The answer of a 200, or an error naming every problem of a refused request. */
function ok(answer, what) {
    if (answer.data === undefined) {
        const problem = answer.error;
        throw new Error(`${what}: ${problem?.errors ? problemText(problem) : JSON.stringify(answer.error)}`);
    }
    return answer.data;
}
/** An action on one line: its type and its fields. */
function actionText(action) {
    const { type, ...fields } = action;
    return `${type} ${JSON.stringify(fields)}`;
}
async function railroadBarons() {
    const { state, to_act } = ok(await rr.POST("/v1/railroad-barons/setup", { body: { seed: 7 } }), "setup");
    console.log(`Railroad Barons, move ${state.move}: ${to_act.join(", ")} to act`);
    const legal = ok(await rr.POST("/v1/railroad-barons/legal-actions", { body: { state, effects: true } }), "legal-actions");
    legal.actions.forEach((action, i) => {
        const effects = (legal.effects?.[i] ?? []).map((e) => e.text).join("; ");
        console.log(`  ${actionText(action)} -> ${effects}`);
    });
    const action = legal.actions[0];
    if (action === undefined)
        throw new Error("no legal action");
    // The move the client saw: a stale tab's submission is refused with 409.
    const verdict = ok(await rr.POST("/v1/railroad-barons/validate", { body: { state, action, expected_move: state.move } }), "validate");
    if (!verdict.valid)
        throw new Error(`refused: ${verdict.violation.message}`);
    for (const event of verdict.events)
        console.log(`  ${event.text}`);
    const stale = await rr.POST("/v1/railroad-barons/validate", {
        body: { state: verdict.state, action, expected_move: state.move },
    });
    console.log(`  resubmitted from the stale move: HTTP ${stale.response.status} ${stale.error?.detail ?? ""}`);
}
/** A simple player: builds and buys rather than sells, pays out, and passes when nothing else. */
function choose(actions) {
    const preference = [
        "buy_train", "lay_tile", "place_token", "run_routes", "dividend", "par", "buy_shares", "bid",
    ];
    for (const type of preference) {
        const of = actions.filter((a) => a.type === type);
        const payout = of.find((a) => a.type === "dividend" && a.kind === "payout");
        const pick = payout ?? of[0];
        if (pick)
            return pick;
    }
    return actions.find((a) => a.type === "pass") ?? actions[0];
}
async function ne1833(moves) {
    const setup = { options: { players: 3 }, seed: 2 };
    let { state } = ok(await rr.POST("/v1/1833ne/setup", { body: setup }), "setup");
    const actions = [];
    for (let i = 0; i < moves; i++) {
        const legal = ok(await rr.POST("/v1/1833ne/legal-actions", { body: { state } }), "legal-actions");
        const action = choose(legal.actions);
        if (action === undefined)
            break;
        const verdict = ok(await rr.POST("/v1/1833ne/validate", { body: { state, action } }), "validate");
        if (!verdict.valid)
            throw new Error(`refused: ${verdict.violation.message}`);
        state = verdict.state;
        actions.push(action);
    }
    const replay = ok(await rr.POST("/v1/1833ne/replay", { body: { setup, actions, log: true } }), "replay");
    const log = replay.log ?? [];
    const shown = Number(process.env["RAILRULES_LOG_LINES"] ?? "40");
    console.log(`\n1833NE, the last ${Math.min(shown, log.length)} of ${log.length} lines of the log of ${actions.length} moves:`);
    for (const line of log.slice(-shown))
        console.log(`  ${line}`);
    const legal = ok(await rr.POST("/v1/1833ne/legal-actions", { body: { state, effects: true } }), "legal-actions");
    console.log(`\nmove ${state.move}, ${legal.to_act.join(", ")} to act; ${legal.actions.length} actions and their effects:`);
    legal.actions.forEach((action, i) => {
        const effects = (legal.effects?.[i] ?? []).map((e) => e.text).join("; ");
        console.log(`  ${actionText(action)}\n      -> ${effects || "(nothing happens yet)"}`);
    });
    for (const range of legal.ranges.slice(0, 3)) {
        const action = legal.actions[range.action];
        if (action)
            console.log(`  listed action ${range.action} (${action.type}) at ${range.pointer}: any whole value from ${range.min} to ${range.max}`);
    }
}
async function main() {
    await railroadBarons();
    await ne1833(Number(process.env["RAILRULES_MOVES"] ?? "120"));
}
main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
