#!/usr/bin/env node
// Checks JSON instances against the scene JSON Schema (`strata schema`) in
// JavaScript, where editors run it: every `pattern` and `patternProperties`
// key must compile as yaml-language-server compiles them (a RegExp with the
// 'u' flag), and Ajv 6 (Debian's node-ajv, a draft-07 validator) must give
// each case's answer. Same arguments and cases as check-schema.py:
//
//     NODE_PATH=/usr/share/nodejs scripts/check-schema-ajv.js SCHEMA.json CASES.json
//
// (NODE_PATH: where Debian's node modules are; not every nodejs build looks there.)
// A valid case must pass; an invalid one must fail unless it is marked
// "draft7": "loose" (draft-07 skips prefixItems). Exits 1 on any disagreement.
'use strict';
const fs = require('fs');
let Ajv;
try {
  Ajv = require('ajv');
} catch (e) {
  console.error(`check-schema-ajv: cannot load the node module 'ajv' (${e.code}); run 'make deps-test' (Debian's node-ajv) and give NODE_PATH=/usr/share/nodejs`);
  process.exit(2);
}

const [schemaPath, casesPath] = process.argv.slice(2);
if (!schemaPath || !casesPath) {
  console.error('usage: check-schema-ajv.js SCHEMA.json CASES.json');
  process.exit(2);
}
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const cases = JSON.parse(fs.readFileSync(casesPath, 'utf8'));
let failures = 0;

let patterns = 0;
(function walk(value) {
  if (Array.isArray(value)) return value.forEach(walk);
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    const sources = key === 'pattern' && typeof inner === 'string' ? [inner]
      : key === 'patternProperties' ? Object.keys(inner) : [];
    for (const source of sources) {
      patterns++;
      try {
        new RegExp(source, 'u');
      } catch (e) {
        failures++;
        console.log(`pattern ${JSON.stringify(source)} does not compile with the 'u' flag: ${e.message}`);
      }
    }
    walk(inner);
  }
})(schema);

const draft7 = Object.assign({}, schema, {$schema: 'http://json-schema.org/draft-07/schema#'});
const ajv = new Ajv({allErrors: true});
ajv.addSchema(draft7, 'scene');
function validatorFor(against) {
  if (against === 'scene') return ajv.getSchema('scene');
  if (against === 'fragment') {
    const fragment = Object.assign({}, draft7);
    delete fragment.required;
    delete fragment.$id;
    return ajv.compile(fragment);
  }
  const [kind, name] = against.split(':');
  const ref = {$ref: `${schema.$id}#/$defs/${name}`};
  if (kind === 'def') return ajv.compile(ref);
  if (kind === 'list') return ajv.compile({type: 'array', items: ref});
  throw new Error(`unknown 'against' value ${against}`);
}

const validators = new Map();
for (const c of cases) {
  if (!validators.has(c.against)) validators.set(c.against, validatorFor(c.against));
  const validate = validators.get(c.against);
  const ok = validate(c.instance);
  if (ok && !c.valid && c.draft7 !== 'loose') {
    failures++;
    console.log(`${c.name}: accepted by Ajv, but it is not a valid scene`);
  } else if (!ok && c.valid) {
    failures++;
    console.log(`${c.name}: rejected by Ajv: ${JSON.stringify(validate.errors.slice(0, 3)).slice(0, 600)}`);
  }
}
console.log(`check-schema-ajv: ${patterns} patterns, ${cases.length} cases, ${failures} disagree with the schema`);
process.exit(failures ? 1 : 0);
