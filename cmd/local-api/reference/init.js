// Renders /openapi.yaml with Swagger UI. The document's first server is "/",
// so "Try it out" calls the local API that serves this page; nothing here
// reaches the internet (no validator badge, no fonts, no analytics).

// Swagger UI fills the Idempotency-Key field with the document's example.
// Sent as is, every visitor would share one key, and a second Execute with
// another body would be refused with 409; so an execution that sends the
// example gets a key of its own. A key typed in is sent as typed, to try a
// retry. (TestReferenceReplacesTheExampleKey keeps this value the
// document's.)
const exampleIdempotencyKey = "6c1f2b8e-5d0a-4c6e-9b7a-2f4d8e1a3c55";

function ownIdempotencyKey(req) {
  const headers = req.headers || {};
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() === "idempotency-key" && headers[name] === exampleIdempotencyKey) {
      headers[name] = crypto.randomUUID();
    }
  }
  return req;
}

window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
  displayRequestDuration: true,
  showCommonExtensions: true,
  requestInterceptor: ownIdempotencyKey,
});
