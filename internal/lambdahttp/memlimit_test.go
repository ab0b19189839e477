package lambdahttp_test

import (
	"testing"

	"github.com/clinicplatform/intake/internal/lambdahttp"
)

func TestMemoryLimit(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		want   int64
		wantOK bool
	}{
		{"256 MB function", map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256"}, 228170137, true},
		{"128 MB function", map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "128"}, 114085068, true},
		{"GOMEMLIMIT set explicitly wins", map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256", "GOMEMLIMIT": "100MiB"}, 0, false},
		{"outside Lambda", map[string]string{}, 0, false},
		{"garbage", map[string]string{"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "lots"}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := lambdahttp.MemoryLimit(func(k string) string { return tt.env[k] })
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("MemoryLimit = %d, %v; want %d, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestGCPercent(t *testing.T) {
	for _, tt := range []struct {
		v       string
		want    int
		wantErr bool
	}{{"", 0, false}, {"50", 50, false}, {"0", 0, true}, {"-1", 0, true}, {"off", 0, true}, {"5O", 0, true}} {
		got, err := lambdahttp.GCPercent(func(k string) string {
			if k == "GC_PERCENT" {
				return tt.v
			}
			return ""
		})
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("GC_PERCENT=%q: %d, %v; want %d (error %v)", tt.v, got, err, tt.want, tt.wantErr)
		}
	}
}
