import type { components } from "./railrules.js";
type Schemas = components["schemas"];
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
type IsStringLiteral<T> = [T] extends [string] ? ([T] extends [never] ? false : string extends T ? false : true) : false;
/** The properties of T whose type is `never`. */
type NeverKeys<T> = {
    [P in keyof T]-?: [T[P]] extends [never] ? P : never;
}[keyof T];
/** true when every member of U has a single string literal `K` and no `never` property. */
type VariantsTagged<U, K extends PropertyKey> = false extends (U extends unknown ? K extends keyof U ? IsStringLiteral<U[K]> extends true ? IsUnion<U[K]> extends false ? [NeverKeys<U>] extends [never] ? true : false : false : false : false : never) ? false : true;
/** true when each tag value picks exactly one variant. */
type TagsUnique<U, K extends keyof U> = false extends (U[K] extends infer T ? (T extends unknown ? (IsUnion<Extract<U, Record<K, T>>> extends false ? true : false) : never) : never) ? false : true;
type Narrowable<U, K extends keyof U> = VariantsTagged<U, K> extends true ? TagsUnique<U, K> : false;
type Assert<T extends true> = T;
export type Checks = [
    Assert<Narrowable<Schemas["RailroadBaronsAction"], "type">>,
    Assert<Narrowable<Schemas["RailroadBaronsEvent"], "type">>,
    Assert<Narrowable<Schemas["RailroadBaronsRound"], "round">>,
    Assert<Narrowable<Schemas["Ne1833Action"], "type">>,
    Assert<Narrowable<Schemas["Ne1833Event"], "type">>,
    Assert<Narrowable<Schemas["Ne1833Round"], "round">>,
    Assert<Narrowable<Schemas["Ne1833PrivateOwner"], "kind">>,
    Assert<Narrowable<Schemas["RotwSoloAction"], "type">>,
    Assert<Narrowable<Schemas["RotwSoloEvent"], "type">>,
    Assert<Narrowable<Schemas["RotwSoloPhase"], "phase">>,
    Assert<Narrowable<Schemas["RotwSoloDecision"], "decision">>,
    Assert<Narrowable<Schemas["RotwSoloRailbotEffect"], "type">>,
    Assert<Narrowable<Schemas["RotwSoloDisplayCard"], "kind">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanAction"], "type">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanEvent"], "type">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanPhase"], "phase">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanDecision"], "type">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanSpaceEffect"], "type">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanAdvantage"], "type">>,
    Assert<Narrowable<Schemas["RussianRailroadsAmericanQuestionToken"], "type">>
];
export declare function verdictSummary(answer: Schemas["RailroadBaronsValidateResponse"] | Schemas["Ne1833ValidateResponse"]): string;
export declare function replaySummary(answer: Schemas["Ne1833ReplayResponse"]): string;
export declare function ownerName(owner: Schemas["Ne1833PrivateOwner"]): string;
export declare const replayFromSetup: Schemas["RailroadBaronsReplayRequest"];
export {};
