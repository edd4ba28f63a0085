#!/usr/bin/env python3
"""Checks JSON instances against the scene JSON Schema (`strata schema`)
with the jsonschema package (Draft 2020-12).

    scripts/check-schema.py SCHEMA.json CASES.json

CASES.json is a list of {"name", "against", "instance", "valid"}; `against`
is "scene" (a whole scene), "fragment" (top-level keys, none required),
"def:NAME" (one value of $defs/NAME) or "list:NAME" (a list of them).
Prints each case that disagrees with `valid` and exits 1 if any does.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    sys.exit("check-schema: the Python package 'jsonschema' is missing; run 'make deps-python'")


def schema_for(schema, against):
    defs = {"$schema": schema["$schema"], "$defs": schema["$defs"]}
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
    validator_class = jsonschema.Draft202012Validator
    validator_class.check_schema(schema)
    failures = 0
    for case in cases:
        validator = validator_class(schema_for(schema, case["against"]))
        errors = sorted(validator.iter_errors(case["instance"]), key=lambda e: list(e.absolute_path))
        if case["valid"] and errors:
            failures += 1
            print(f"{case['name']}: rejected by the schema:")
            for e in errors[:5]:
                print(f"    at {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}")
        elif not case["valid"] and not errors:
            failures += 1
            print(f"{case['name']}: accepted by the schema, but it is not a valid scene")
    print(f"check-schema: {len(cases)} cases, {failures} disagree with the schema")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
