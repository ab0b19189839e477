#!/usr/bin/env python3
# Writes events/*.json: API Gateway REST proxy events in the shape
# `sam local generate-event apigateway aws-proxy` makes, one per case the
# replay test (internal/lambdahttp) checks. Run from the repository root.
import json, base64, copy, hashlib, os
base = {
  "body": None,
  "resource": "/external/v1/leads",
  "path": "/external/v1/leads",
  "httpMethod": "POST",
  "isBase64Encoded": False,
  "queryStringParameters": None,
  "multiValueQueryStringParameters": None,
  "pathParameters": None,
  "stageVariables": None,
  "headers": {
    "Accept": "application/json",
    "Accept-Encoding": "gzip, deflate",
    "CloudFront-Forwarded-Proto": "https",
    "CloudFront-Viewer-Country": "GB",
    "Host": "abcdef1234.execute-api.eu-west-2.amazonaws.com",
    "User-Agent": "curl/8.5.0",
    "X-Amzn-Trace-Id": "Root=1-5e66d96f-7491f09xmpl79d18acf3d050",
    "X-Forwarded-For": "192.0.2.10",
    "X-Forwarded-Port": "443",
    "X-Forwarded-Proto": "https"
  },
  "requestContext": {
    "accountId": "000000000000",
    "resourceId": "123456",
    "stage": "live",
    "requestId": "c6af9ac6-7b61-11e6-9a41-93e8deadbeef",
    "requestTime": "21/Nov/2026:10:04:05 +0000",
    "requestTimeEpoch": 1795255445123,
    "identity": {"cognitoIdentityPoolId": None, "accountId": None, "cognitoIdentityId": None, "caller": None,
                 "accessKey": None, "sourceIp": "192.0.2.10", "cognitoAuthenticationType": None,
                 "cognitoAuthenticationProvider": None, "userArn": None, "userAgent": "curl/8.5.0", "user": None},
    "path": "/live/external/v1/leads",
    "resourcePath": "/external/v1/leads",
    "httpMethod": "POST",
    "apiId": "abcdef1234",
    "protocol": "HTTP/1.1",
    "domainName": "abcdef1234.execute-api.eu-west-2.amazonaws.com"
  }
}
def event(name, method, path, body=None, headers=None, b64=False, reqid=None):
    e = copy.deepcopy(base)
    e["httpMethod"] = method; e["path"] = path; e["resource"] = path
    e["requestContext"]["httpMethod"] = method
    e["requestContext"]["path"] = "/live" + path
    e["requestContext"]["resourcePath"] = path
    e["requestContext"]["requestId"] = reqid or ("c6af9ac6-7b61-11e6-9a41-%012d" % (int(hashlib.sha256(name.encode()).hexdigest()[:12], 16) % 10**12))
    e["headers"].update(headers or {})
    e["multiValueHeaders"] = {k: [v] for k, v in e["headers"].items()}
    e["body"] = body
    e["isBase64Encoded"] = b64
    json.dump(e, open(f"events/{name}.json", "w"), indent=2)
    open(f"events/{name}.json", "a").write("\n")

ct = {"Content-Type": "application/json"}
event("create-lead", "POST", "/external/v1/leads", json.dumps({"email": "ada.lovelace@example.com", "data": {"forename": "Ada", "surname": "Lovelace", "dateOfBirth": "1985-12-10", "height": {"unit": "cm", "cm": "168"}, "weight": {"unit": "kg", "kg": "92.5"}, "weightLossInjections": {"drugName": "Wegovy", "strength": "1.7 mg"}}}), ct)
event("create-lead-invalid", "POST", "/external/v1/leads", json.dumps({"email": "ada@localhost", "data": {"height": "168", "dateOfBirth": "10/12/1985", "nickname": "ada"}}), ct)
event("create-lead-malformed", "POST", "/external/v1/leads", '{"email": "ada@example.com",', ct)
event("create-lead-wrong-content-type", "POST", "/external/v1/leads", "email=ada@example.com", {"Content-Type": "application/x-www-form-urlencoded"})
event("get-protocols", "GET", "/external/v1/protocols/weightloss")
event("get-protocols-wrong-method", "POST", "/external/v1/protocols/weightloss", "{}", ct)
event("unknown-route", "GET", "/external/v1/nothing-here")

# verify-evidence: API Gateway base64-encodes multipart bodies (a binary media type).
SAMPLE = open("testdata/samples/us-pharmacy-label.pdf", "rb").read()
SEEDED_LEAD = "6f8a2b1c-3d4e-4f50-8a6b-7c8d9e0f1a2b"  # the replay test's lead: Dana Whitcombe
BOUNDARY = "----sampleboundary7MA4YWxkTrZu0gW"

def multipart(fields, file_bytes, file_name="label.pdf", file_type="application/pdf"):
    out = b""
    for k, v in fields:
        out += f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
    out += (f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="{file_name}"\r\n'
            f'Content-Type: {file_type}\r\n\r\n').encode() + file_bytes + b"\r\n"
    out += f"--{BOUNDARY}--\r\n".encode()
    return base64.b64encode(out).decode()

mp = {"Content-Type": f"multipart/form-data; boundary={BOUNDARY}", "Host": "abcdef1234.execute-api.us-east-1.amazonaws.com"}
VE = "/external/v1/prescriptions/verify-evidence"
event("verify-evidence", "POST", VE, multipart([("userId", SEEDED_LEAD), ("medicationName", "Zepbound"), ("medicationDosage", "5 mg")], SAMPLE), mp, True)
event("verify-evidence-unknown-user", "POST", VE, multipart([("userId", "00000000-0000-0000-0000-000000000000"), ("medicationName", "tirzepatide"), ("medicationDosage", "5mg")], SAMPLE), mp, True)
event("verify-evidence-wrong-dose", "POST", VE, multipart([("userId", SEEDED_LEAD), ("medicationName", "Zepbound"), ("medicationDosage", "10 mg")], SAMPLE), mp, True)
event("verify-evidence-bad-uuid", "POST", VE, multipart([("userId", "12345"), ("medicationName", "Zepbound"), ("medicationDosage", "5 mg")], SAMPLE), mp, True)
# The same label as phones, apps and browsers save it (testdata/formats/make.sh):
# each verifies like the PDF. A type not accepted still gets a 400 naming those that are.
ASKED = [("userId", SEEDED_LEAD), ("medicationName", "Zepbound"), ("medicationDosage", "5 mg")]
def formats(name):
    return open(f"testdata/formats/{name}", "rb").read()
for name, file_name, file_type, body in [
    ("heic", "IMG_0042.HEIC", "image/heic", formats("label.heic")),
    ("webp", "label.webp", "image/webp", formats("label.webp")),
    ("avif", "label.avif", "image/avif", formats("label.avif")),
    ("transparent-png", "label.png", "image/png", formats("label-transparent.png")),
    ("transparent-webp", "label.webp", "image/webp", formats("label-transparent.webp")),
    ("tiff-label-on-page-2", "fax.tiff", "image/tiff", formats("label-page2.tiff")),
    ("jpeg-compressed-tiff", "scan.tiff", "image/tiff", formats("label-jpeg.tiff")),
    ("pdf-after-bom", "label.pdf", "application/pdf", b"\xef\xbb\xbf" + SAMPLE),
    ("pdf-after-blank-line", "label.pdf", "application/pdf", b"\r\n" + SAMPLE),
]:
    event(f"verify-evidence-{name}", "POST", VE, multipart(ASKED, body, file_name, file_type), mp, True)
event("verify-evidence-gif", "POST", VE, multipart(ASKED, b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "label.gif", "image/gif"), mp, True)

# CORS: API Gateway sends each route's preflight (OPTIONS) to the route's own
# function (template.yaml), so these take the path a browser's request takes.
# The allowed origin is the one events/sam-local-env.json (and the replay test)
# configures.
ALLOWED = json.load(open("events/sam-local-env.json"))["Parameters"]["CORS_ALLOWED_ORIGINS"].split(",")[0]
OTHER = "https://evil.example.net"
for name, path, method, asked in [
    ("create-lead", "/external/v1/leads", "POST", "content-type,idempotency-key"),
    ("verify-evidence", VE, "POST", "x-request-id"),
    ("get-protocols", "/external/v1/protocols/weightloss", "GET", "if-none-match"),
]:
    ask = {"Access-Control-Request-Method": method, "Access-Control-Request-Headers": asked}
    event(f"preflight-{name}", "OPTIONS", path, headers={"Origin": ALLOWED, **ask})
    event(f"preflight-{name}-other-origin", "OPTIONS", path, headers={"Origin": OTHER, **ask})
    event(f"preflight-{name}-no-origin", "OPTIONS", path, headers=ask)
# The requests that follow: an allowed origin reads the answer; another
# origin's POST is refused before it does any work.
event("get-protocols-allowed-origin", "GET", "/external/v1/protocols/weightloss", headers={"Origin": ALLOWED})
event("create-lead-other-origin", "POST", "/external/v1/leads", json.dumps({"email": "ada.lovelace@example.com"}), {**ct, "Origin": OTHER})
