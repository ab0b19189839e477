// Renders /openapi.yaml with Swagger UI. The document's first server is "/",
// so "Try it out" calls the local API that serves this page; nothing here
// reaches the internet (no validator badge, no fonts, no analytics).
window.ui = SwaggerUIBundle({
  url: "/openapi.yaml",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  validatorUrl: null,
  displayRequestDuration: true,
  showCommonExtensions: true,
});
