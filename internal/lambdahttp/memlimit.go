package lambdahttp

import (
	"runtime/debug"
	"strconv"
)

// memoryLimitShare is the part of the function's memory the Go runtime may
// use before it collects garbage hard; the rest is for what the limit does
// not count (the binary's text, the Lambda runtime API client's buffers) and
// a margin, since Lambda kills the function at its memory size.
const memoryLimitShare = 0.85

// MemoryLimit is the soft memory limit (GOMEMLIMIT) for a function given
// Lambda's environment: a share of AWS_LAMBDA_FUNCTION_MEMORY_SIZE (MB), so
// it follows the template's MemorySize. ok is false when GOMEMLIMIT is set
// explicitly (the runtime has read it already) or outside Lambda.
func MemoryLimit(getenv func(string) string) (limit int64, ok bool) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, false
	}
	mb, err := strconv.ParseInt(getenv("AWS_LAMBDA_FUNCTION_MEMORY_SIZE"), 10, 64)
	if err != nil || mb <= 0 {
		return 0, false
	}
	return int64(float64(mb<<20) * memoryLimitShare), true
}

// setMemoryLimit applies MemoryLimit, if any.
func setMemoryLimit(getenv func(string) string) {
	if limit, ok := MemoryLimit(getenv); ok {
		debug.SetMemoryLimit(limit)
	}
}
