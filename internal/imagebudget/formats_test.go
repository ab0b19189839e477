package imagebudget

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/testing/hostile"
)

// The formats of issue 20 are checked from their headers too: pixels,
// items, and the memory their decoders would take.
func TestCheckFormats(t *testing.T) {
	fixture := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "formats", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tests := []struct {
		name, wantFormat string
		body             []byte
		wantBudget       string
	}{
		{"HEIC label", "heic", fixture("label.heic"), ""},
		{"12 MP HEIC grid, as an iPhone saves", "heic", fixture("grid-12mp.heic"), ""},
		{"AVIF label", "avif", fixture("label.avif"), ""},
		{"WebP label", "webp", fixture("label.webp"), ""},
		{"TIFF JPEG-compressed, grey", "tiff", fixture("label-jpeg.tiff"), ""},
		{"TIFF JPEG-compressed in Y'CbCr, as colour scanners save", "tiff", fixture("label-jpeg-ycbcr.tiff"), ""},
		{"two-page TIFF", "tiff", fixture("label-page2.tiff"), ""},
		{"HEIC claiming 100000²", "", hostile.HEIFHeader("heic", 100_000, 100_000), BudgetPixels},
		{"AVIF claiming 100000²", "", hostile.HEIFHeader("avif", 100_000, 100_000), BudgetPixels},
		{"AVIF of 12 MP: too much decoder memory", "", hostile.HEIFHeader("avif", 4032, 3024), BudgetDecodeBytes},
		{"AVIF of 3.3 MP: too much decoder memory", "", hostile.HEIFHeader("avif", 2200, 1500), BudgetDecodeBytes},
		{"AVIF of 2.4 MP", "avif", hostile.HEIFHeader("avif", 2000, 1200), ""},
		{"single-image HEIC of 12 MP: too much decoder memory", "", hostile.HEIFHeader("heic", 4032, 3024), BudgetDecodeBytes},
		{"single-image HEIC of 6 MP", "heic", hostile.HEIFHeader("heic", 3000, 2000), ""},
		{"HEIC of 5,000 items", "", hostile.HEIFItems(5_000), BudgetHEIFItems},
		{"WebP canvas of 16384²", "", hostile.WebPHeader(16_384, 16_384), BudgetPixels},
		{"RGBA PNG of 49 MP", "", hostile.PNGHeaderOf(7_000, 7_000, 6), BudgetDecodeBytes},
		{"grey PNG of 49 MP", "png", hostile.PNGHeader(7_000, 7_000), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			format, err := Check(tt.body, 0)
			if tt.wantBudget == "" {
				if err != nil || format != tt.wantFormat {
					t.Fatalf("Check = %q, %v; want %q", format, err, tt.wantFormat)
				}
				return
			}
			var b *derrors.Budget
			if !errors.Is(err, evidence.ErrUnreadable) || !errors.As(err, &b) || b.Name != tt.wantBudget {
				t.Fatalf("Check error = %v; want budget %s, unreadable", err, tt.wantBudget)
			}
		})
	}
}
