#!/usr/bin/env python3
# Prints the API routes SAM makes of template.yaml, for one value of the
# ApiKeysRequired parameter: {path: {method: {"function", "type", "apiKey"}}}.
# AWS::LanguageExtensions runs first when deployed and resolves the !If on
# RequireApiKeys; this does the same before calling SAM's own translator
# (aws-sam-translator, which cfn-lint installs).
# Usage: sam-routes.py template.yaml true|false
import json, os, re, sys

from cfnlint.decode import decode_str
from samtranslator.parser.parser import Parser
from samtranslator.translator.translator import Translator

os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-2")
path, keys = sys.argv[1], sys.argv[2] == "true"
tpl, errs = decode_str(open(path).read())
if errs:
    sys.exit(f"{path}: {errs}")
tpl = json.loads(json.dumps(tpl))
NOVALUE = {"Ref": "AWS::NoValue"}

def resolve(n):
    if isinstance(n, dict):
        if list(n) == ["Fn::If"] and n["Fn::If"][0] == "RequireApiKeys":
            return resolve(n["Fn::If"][1 if keys else 2])
        out = {}
        for k, v in n.items():
            v = resolve(v)
            if v != NOVALUE:
                out[k] = v
        return out
    if isinstance(n, list):
        return [resolve(x) for x in n]
    return n

tpl["Transform"] = "AWS::Serverless-2016-10-31"
tpl["Resources"] = resolve(tpl["Resources"])
for r in tpl["Resources"].values():
    if r["Type"] == "AWS::Serverless::Function":
        r["Properties"]["CodeUri"] = "s3://bucket/key"  # as sam package leaves it
        r["Properties"].pop("ReservedConcurrentExecutions", None)
out = Translator({}, Parser()).translate(tpl, parameter_values={}, get_managed_policy_map=lambda: {})
routes = {}
for r in out["Resources"].values():
    if r["Type"] != "AWS::ApiGateway::RestApi":
        continue
    for p, methods in r["Properties"]["Body"]["paths"].items():
        for m, op in methods.items():
            integ = op.get("x-amazon-apigateway-integration", {})
            fn = re.search(r"\$\{(\w+)\.Arn\}", json.dumps(integ.get("uri", "")))
            routes.setdefault(p, {})[m] = {
                "function": fn.group(1) if fn else "",
                "type": integ.get("type", ""),
                "apiKey": any("api_key" in s for s in op.get("security") or []),
            }
json.dump(routes, sys.stdout, indent=2, sort_keys=True)
