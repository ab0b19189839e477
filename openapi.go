// Package intake holds the service's interface description, openapi.yaml,
// for the local API to serve with its reference page. The Lambda functions
// do not import it.
package intake

import _ "embed"

// OpenAPI is openapi.yaml as committed.
//
//go:embed openapi.yaml
var OpenAPI []byte
