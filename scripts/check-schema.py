#!/usr/bin/env python3
"""Checks JSON instances against the scene JSON Schema (`strata schema`)
with the jsonschema package, twice: as the schema declares it (draft
2020-12) and with draft-07 semantics, which yaml-language-server uses
before its 2020-12 support (VS Code's YAML extension, editors' yamlls).

    scripts/check-schema.py SCHEMA.json CASES.json

CASES.json is a list of {"name", "against", "instance", "valid"} and an
optional "draft7": "loose"; `against` is "scene" (a whole scene),
"fragment" (top-level keys, none required), "def:NAME" (one value of
$defs/NAME) or "list:NAME" (a list of them). A valid case must pass both
drafts; an invalid one must fail both, except that a "loose" one may pass
draft-07 (which skips `prefixItems`: a tuple's positions). Prints each case
that disagrees and exits 1 if any does.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("check-schema: the Python package 'jsonschema' is missing; run 'make deps-python'")

DRAFT7 = "http://json-schema.org/draft-07/schema#"


def schema_for(schema, against):
    defs = {k: schema[k] for k in ("$schema", "$id", "$defs") if k in schema}
    if against == "scene":
        return schema
    if against == "fragment":
        return {k: v for k, v in schema.items() if k != "required"}
    kind, _, name = against.partition(":")
    ref = {"$ref": "#/$defs/" + name}
    if kind == "def":
        return {**defs, **ref}
    if kind == "list":
        return {**defs, "type": "array", "items": ref}
    sys.exit("check-schema: unknown 'against' value " + repr(against))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    with open(sys.argv[2]) as f:
        cases = json.load(f)
    drafts = [("2020-12", jsonschema.Draft202012Validator, schema),
              ("draft-07", jsonschema.Draft7Validator, {**schema, "$schema": DRAFT7})]
    for _, cls, s in drafts:
        cls.check_schema(s)
    validators = {}
    failures = 0
    for case in cases:
        for draft, cls, s in drafts:
            key = (draft, case["against"])
            if key not in validators:
                validators[key] = cls(schema_for(s, case["against"]))
            validator = validators[key]
            if validator.is_valid(case["instance"]) == case["valid"]:
                continue
            errors = sorted(validator.iter_errors(case["instance"]), key=lambda e: list(e.absolute_path))
            if case["valid"] and errors:
                failures += 1
                print(f"{case['name']}: rejected by the schema ({draft}):")
                for e in errors[:5]:
                    print(f"    at {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}")
            elif not case["valid"] and not errors and not (draft == "draft-07" and case.get("draft7") == "loose"):
                failures += 1
                print(f"{case['name']}: accepted by the schema ({draft}), but it is not a valid scene")
    print(f"check-schema: {len(cases)} cases, {failures} disagree with the schema")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
