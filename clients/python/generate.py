#!/usr/bin/env python3
"""Generates src/railrules_client/models.py (or the file named as the first argument) from
../../openapi/openapi.json: every schema of the spec as a TypedDict, a Literal or a union of
them, with the spec's descriptions as docstrings. Standard library only; run by
scripts/py-client.sh (which `--check`s that the committed module is what this writes).

How the spec's JSON Schema becomes Python types:
  object with properties      a TypedDict; fields not `required` are NotRequired
  object of one value type    dict[str, T] (`additionalProperties`)
  object with nothing said    Any (the OpenAPI and JSON Schema documents, 18xx.games' ids)
  oneOf / ["T", "null"]       T1 | T2 | None; a oneOf's inline objects are TypedDicts named
                              after the union and their `title` (RailroadBaronsActionTrade)
  enum, a tag's one value     Literal["pass"]
  array, prefixItems          list[T], tuple[T1, T2]
  allOf [$ref, object]        a TypedDict that extends the referenced one
  allOf [object, oneOf of     one TypedDict per `required` alternative (the replay requests:
         {required: [...]}]   G1846ReplayRequestWithSetup | G1846ReplayRequestWithState)
A field named like a Python keyword (`from`) makes its TypedDict use the functional syntax.
"""

from __future__ import annotations

import json
import keyword
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Schema = dict[str, Any]  # a JSON Schema object, as json.loads reads it

HERE = Path(__file__).resolve().parent
SPEC = HERE.parent.parent / "openapi" / "openapi.json"
OUT = HERE / "src" / "railrules_client" / "models.py"
WIDTH = 99


def pascal(name: str) -> str:
    """`offer_investor` -> `OfferInvestor`, `legal-actions` -> `LegalActions`."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", name) if part)


def literal(value: object) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    raise ValueError(f"no Literal for {value!r}")


def wrap(text: str, width: int) -> list[str]:
    """The text's lines, each wrapped to `width`; blank lines kept."""
    lines: list[str] = []
    for line in text.strip().splitlines():
        lines.extend(textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False) or [""])
    return lines


def docstring(text: str, indent: str) -> list[str]:
    text = text.strip().replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if text.endswith('"'):
        text = text[:-1] + '\\"'
    lines = wrap(text, WIDTH - len(indent) - 6)
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}', *[f"{indent}{line}".rstrip() for line in lines[1:]], f'{indent}"""']


def comment(text: str, indent: str) -> list[str]:
    return [f"{indent}# {line}".rstrip() for line in wrap(text, WIDTH - len(indent) - 2)]


@dataclass
class Field:
    name: str
    type: str
    required: bool
    description: str | None


@dataclass
class Definition:
    name: str
    kind: str  # "class" (a TypedDict), "functional" (a TypedDict by call) or "alias"
    description: str | None = None
    fields: list[Field] = field(default_factory=list)
    bases: list[str] = field(default_factory=list)
    value: str = ""  # an alias's type

    def runtime_names(self) -> set[str]:
        """The names this definition evaluates when the module is imported (annotations of
        class bodies are not, under `from __future__ import annotations`)."""
        if self.kind == "class":
            return set(self.bases)
        text = self.value if self.kind == "alias" else " ".join(f.type for f in self.fields)
        return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))

    def render(self) -> list[str]:
        out: list[str] = []
        if self.kind == "alias":
            if self.description:
                out += comment(self.description, "")
            line = f"{self.name}: TypeAlias = {self.value}"
            if len(line) <= WIDTH:
                return [*out, line]
            parts = split_top(self.value, " | ")
            if len(parts) > 1:  # a long union: one member a line
                return [
                    *out,
                    f"{self.name}: TypeAlias = (",
                    f"    {parts[0]}",
                    *[f"    | {p}" for p in parts[1:]],
                    ")",
                ]
            return [*out, *fold(line, "")]
        if self.kind == "functional":
            if self.description:
                out += comment(self.description, "")
            out.append(f"{self.name} = TypedDict(")
            out.append(f'    "{self.name}",')
            out.append("    {")
            for f in self.fields:
                if f.description:
                    out += comment(f.description, "        ")
                out += fold(f'        "{f.name}": {annotation(f)},', "        ")
            out.append("    },")
            out.append(")")
            return out
        out.append(f"class {self.name}({', '.join(self.bases or ['TypedDict'])}):")
        body: list[str] = []
        if self.description:
            body += docstring(self.description, "    ")
        documented = bool(body)
        for f in self.fields:
            if documented or f.description:  # a blank line around each docstring
                body.append("")
            body += fold(f"    {f.name}: {annotation(f)}", "    ")
            documented = bool(f.description)
            if f.description:
                body += docstring(f.description, "    ")
        out += body or ["    pass"]
        return out


def fold(line: str, indent: str) -> list[str]:
    """A line too long for WIDTH with its longest Literal's values filled onto the lines
    between `Literal[` and its `]`: `hex: Literal[` / `"A15", "B8", ...` / `]`."""
    if len(line) <= WIDTH:
        return [line]
    best = None
    for match in re.finditer(r"Literal\[", line):
        start = match.end()
        depth, quoted, i = 1, False, start
        while depth:
            c = line[i]
            if quoted:
                quoted = c != '"' or line[i - 1] == "\\"
            elif c == '"':
                quoted = True
            elif c == "[":
                depth += 1
            elif c == "]":
                depth -= 1
            i += 1
        if best is None or i - start > best[1] - best[0]:
            best = (start, i - 1)
    if best is None:
        return [line]
    start, end = best
    values = split_top(line[start:end], ", ")
    filled = textwrap.wrap(
        ", ".join(values) + ",", WIDTH - len(indent) - 4, break_long_words=False, break_on_hyphens=False
    )
    return [line[:start], *[f"{indent}    {v}" for v in filled], f"{indent}{line[end:]}"]


def split_top(text: str, sep: str) -> list[str]:
    """`text` split at each `sep` outside brackets and string literals."""
    parts, depth, quoted, start, i = [], 0, False, 0, 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "[(":
            depth += 1
        elif c in "])":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
            i = start
            continue
        i += 1
    return [*parts, text[start:]]


def annotation(f: Field) -> str:
    return f.type if f.required else f"NotRequired[{f.type}]"


class Generator:
    def __init__(self, spec: Schema) -> None:
        self.spec = spec
        self.schemas: dict[str, Schema] = spec["components"]["schemas"]
        self.defs: list[Definition] = []
        self.names: set[str] = set()

    def define(self, definition: Definition) -> str:
        if definition.name in self.names:
            raise SystemExit(f"generate.py: two types would be named {definition.name}")
        self.names.add(definition.name)
        self.defs.append(definition)
        return definition.name

    # A schema's Python type, defining the TypedDicts it needs (named `hint`).
    def type_of(self, schema: object, hint: str) -> str:
        if schema is True or schema == {}:
            return "Any"
        if not isinstance(schema, dict):
            raise SystemExit(f"generate.py: {hint}: unexpected schema {schema!r}")
        if "$ref" in schema:
            return ref_name(schema["$ref"])
        if "allOf" in schema:
            parts = schema["allOf"]
            if len(parts) == 1:
                return self.type_of(parts[0], hint)
            return self.all_of(schema, hint)
        if "oneOf" in schema or "anyOf" in schema:
            variants = schema.get("oneOf") or schema["anyOf"]
            types = [self.type_of(v, self.variant_hint(v, hint, i)) for i, v in enumerate(variants)]
            return union(types)
        if "const" in schema:
            return f"Literal[{literal(schema['const'])}]"
        if "enum" in schema:
            return f"Literal[{', '.join(literal(v) for v in schema['enum'])}]"
        kind: str | list[str] | None = schema.get("type")
        if isinstance(kind, list):
            return union([self.type_of({**schema, "type": k}, hint) for k in kind])
        if kind == "object":
            if schema.get("properties"):
                return self.object(schema, hint)
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict):
                return f"dict[str, {self.type_of(extra, hint + 'Value')}]"
            return "Any"
        if kind == "array":
            if "prefixItems" in schema:
                items = [self.type_of(s, f"{hint}{i}") for i, s in enumerate(schema["prefixItems"])]
                return f"tuple[{', '.join(items)}]"
            item = schema.get("items")
            return f"list[{self.type_of(item, hint + 'Item') if item is not None else 'Any'}]"
        scalars = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}
        return scalars.get(kind or "", "Any")

    @staticmethod
    def variant_hint(variant: Schema, hint: str, index: int) -> str:
        if "title" in variant:
            return hint + pascal(variant["title"])
        properties = list(variant.get("properties", {}))
        if len(properties) == 1:
            return hint + pascal(properties[0])
        return f"{hint}{index + 1}"

    def fields(self, schema: Schema, hint: str) -> list[Field]:
        required = set(schema.get("required", []))
        out = []
        for name, prop in schema.get("properties", {}).items():
            out.append(Field(name, self.type_of(prop, hint + pascal(name)), name in required, describe(prop)))
        return out

    def object(
        self, schema: Schema, name: str, bases: list[str] | None = None, description: str | None = None
    ) -> str:
        fields = self.fields(schema, name)
        functional = any(not f.name.isidentifier() or keyword.iskeyword(f.name) for f in fields)
        if functional and bases:
            raise SystemExit(f"generate.py: {name} extends {bases} and has a field Python cannot name")
        return self.define(
            Definition(
                name,
                "functional" if functional else "class",
                description=description if description is not None else schema.get("description"),
                fields=fields,
                bases=bases or [],
            )
        )

    def all_of(self, schema: Schema, name: str) -> str:
        bases: list[str] = []
        own: Schema = {"type": "object", "properties": {}, "required": []}
        alternatives: list[list[str]] = []
        for part in schema["allOf"]:
            if "$ref" in part:
                base = self.type_of(part, name)
                target = self.schemas[base]
                if target.get("type") != "object" and "allOf" not in target:
                    raise SystemExit(f"generate.py: {name} extends {base}, which is not an object")
                bases.append(base)
            elif part.get("type") == "object" and "properties" in part:
                own["properties"].update(part["properties"])
                own["required"] += part.get("required", [])
            elif "oneOf" in part and all(set(v) <= {"type", "required"} for v in part["oneOf"]):
                alternatives = [v["required"] for v in part["oneOf"]]
            else:
                raise SystemExit(f"generate.py: {name}: an allOf part this generator does not read: {part}")
        description = schema.get("description")
        if not alternatives:
            return self.object(own, name, bases, description)
        # Exactly one of the alternatives' required sets: one TypedDict each, without the
        # fields only the others require.
        variants = []
        for required in alternatives:
            others = {p for alt in alternatives if alt is not required for p in alt} - set(required)
            variant = {
                "type": "object",
                "properties": {k: v for k, v in own["properties"].items() if k not in others},
                "required": own["required"] + required,
            }
            variants.append(
                self.object(variant, f"{name}With{pascal('_'.join(required))}", bases, description)
            )
        return self.define(Definition(name, "alias", description=description, value=union(variants)))

    def run(self) -> str:
        for name, schema in self.schemas.items():
            value = self.type_of(schema, name)
            if value != name:  # not a TypedDict of that name: an alias of the type
                self.define(Definition(name, "alias", description=schema.get("description"), value=value))
        return self.module()

    def endpoints(self) -> tuple[list[str], dict[str, dict[str, tuple[str | None, str | None]]]]:
        def schema_name(content: Schema | None) -> str | None:
            for media in (content or {}).values():
                ref = media.get("schema", {}).get("$ref")
                return ref_name(ref) if ref else None
            return None

        table: dict[str, dict[str, tuple[str | None, str | None]]] = {}
        for path, item in self.spec["paths"].items():
            match = re.fullmatch(r"/v1/([^/]+)/(.+)", path)
            if not match:
                continue
            game, endpoint = match.groups()
            for operation in item.values():
                request = schema_name(operation.get("requestBody", {}).get("content"))
                response = schema_name(operation.get("responses", {}).get("200", {}).get("content"))
                table.setdefault(game, {})[endpoint] = (request, response)
        return sorted(table), {g: dict(sorted(table[g].items())) for g in sorted(table)}

    def module(self) -> str:
        ordered: list[Definition] = []
        by_name = {d.name: d for d in self.defs}
        state: dict[str, str] = {}

        def visit(d: Definition) -> None:
            if state.get(d.name) == "done":
                return
            if state.get(d.name) == "visiting":
                raise SystemExit(f"generate.py: {d.name} needs itself when the module is imported")
            state[d.name] = "visiting"
            for dep in sorted(d.runtime_names()):
                if dep in by_name and dep != d.name:
                    visit(by_name[dep])
            state[d.name] = "done"
            ordered.append(d)

        for d in self.defs:
            visit(d)

        body: list[str] = []
        for d in ordered:
            body += ["", "", *d.render()]
        games, endpoints = self.endpoints()
        body += [
            "",
            "",
            "# The games the spec describes, by the id their URLs use.",
            "GAMES: tuple[str, ...] = (",
        ]
        body += [f"    {literal(g)}," for g in games]
        body.append(")")
        body += [
            "",
            "# Each game's endpoints (`/v1/{game}/{endpoint}`): the names of the types above of the",
            "# request body and of the 200 answer's JSON (None: no body; not JSON, as render's SVG).",
            "ENDPOINTS: dict[str, dict[str, tuple[str | None, str | None]]] = {",
        ]
        for game, table in endpoints.items():
            body.append(f"    {literal(game)}: {{")
            for endpoint, (request, response) in table.items():
                line = f"        {literal(endpoint)}: ({literal(request)}, {literal(response)}),"
                if len(line) <= WIDTH:
                    body.append(line)
                else:
                    body.append(f"        {literal(endpoint)}: (")
                    body += [f"            {literal(request)},", f"            {literal(response)},", "        ),"]
            body.append("    },")
        body.append("}")

        text = "\n".join(body)
        typing_names = [
            n
            for n in ("Any", "Literal", "NotRequired", "TypeAlias", "TypedDict")
            if re.search(rf"\b{n}\b", text)
        ]
        info = self.spec["info"]
        header = [
            f"# Generated by clients/python/generate.py from openapi/openapi.json ({info['title']} {info['version']}).",
            "# Do not edit: run scripts/py-client.sh to regenerate (CI runs scripts/py-client.sh --check).",
            '"""The request and response bodies of the railrules API, as typed dictionaries.',
            "",
            "Every schema of openapi/openapi.json is here under its name there: `G1846ValidateRequest`,",
            "`G1846ValidateResponse`, `G1846State`, `RailroadBaronsAction`... Values are plain JSON",
            "(dicts, lists, str, int), as `json.loads` reads them: the types are for type checkers and",
            "readers, nothing is checked or converted at run time. Tagged unions (actions, events, rounds)",
            'are unions of TypedDicts with a Literal tag, which `if action["type"] == "pass":` narrows.',
            '"""',
            "",
            "from __future__ import annotations",
            "",
            f"from typing import {', '.join(typing_names)}",
        ]
        return "\n".join(header + body) + "\n"


def describe(schema: Schema) -> str | None:
    """A field's description: its own, or that of the one referenced type of a nullable union."""
    if schema.get("description"):
        return str(schema["description"])
    for variant in schema.get("oneOf", []):
        if "$ref" in variant and variant.get("description"):
            return str(variant["description"])
    return None


def ref_name(ref: str) -> str:
    """`#/components/schemas/G1846State` -> `G1846State`."""
    return ref.rsplit("/", 1)[-1]


def union(types: list[str]) -> str:
    unique: list[str] = []
    for t in types:
        if t not in unique:
            unique.append(t)
    if "None" in unique:  # nullable: None last
        unique = [t for t in unique if t != "None"] + ["None"]
    if "Any" in unique:
        return "Any"
    return " | ".join(unique)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    out.write_text(Generator(spec).run(), encoding="utf-8")


if __name__ == "__main__":
    main()
