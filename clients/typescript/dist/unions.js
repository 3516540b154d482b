// The answers that are unions on the boolean `valid` narrow too.
export function verdictSummary(answer) {
    return answer.valid ? `${answer.events.length} event(s)` : answer.violation.code;
}
export function replaySummary(answer) {
    return answer.valid ? `${answer.events.length} action(s)` : `action ${answer.index}: ${answer.violation.code}`;
}
// A nested union of 1833NE, narrowed on `kind`.
export function ownerName(owner) {
    switch (owner.kind) {
        case "unsold":
            return "unsold";
        case "player":
            return `player ${owner.seat}`;
        case "company":
            return `company ${owner.company}`;
        default: {
            const unreachable = owner;
            return unreachable;
        }
    }
}
// A replay request can be written (its `oneOf` of `{required: [setup]}` / `{required: [state]}`
// must not turn into `& Record<string, never>`, which makes every property `never`).
export const replayFromSetup = { setup: { seed: 7 }, actions: [] };
