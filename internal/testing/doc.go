// Package testing is the home of what the tests, the evaluation and the
// benchmarks use and no Lambda function ships: the synthetic corpus
// (corpus) and its scorer (eval), hostile uploads (hostile), the storage
// conformance suites (storetest), AWS emulator helpers (awstest) and the
// response contract checks (contract). boundary_test.go fails when a
// function binary's imports reach any of it.
package testing
