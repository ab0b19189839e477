package dynamo

import (
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/clinicplatform/intake/internal/evidence"
)

// itemBytes is an attribute value's size as DynamoDB counts it against the
// 400 KB item limit: strings by their bytes, numbers about a byte per two
// digits, and a byte of overhead per element and 3 per map or list, names
// included (docs.aws.amazon.com, "Item sizes"): an upper bound here.
func itemBytes(av types.AttributeValue) int {
	switch v := av.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return len(v.Value)/2 + 2
	case *types.AttributeValueMemberM:
		n := 3
		for k, e := range v.Value {
			n += len(k) + itemBytes(e) + 1
		}
		return n
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += itemBytes(e) + 1
		}
		return n
	}
	return 1
}

// TestAReadingAtItsLimitsFitsAnItem: the lines read that a record keeps,
// at its limits (evidence.MaxReadingLines, MaxReadingText), stay far under
// DynamoDB's 400 KB item limit, as stored; a label's reading is a few KB.
func TestAReadingAtItsLimitsFitsAnItem(t *testing.T) {
	box := evidence.Box{Left: 0.123456789, Top: 0.987654321, Width: 0.333333333, Height: 0.0123456789}
	for _, tt := range []struct {
		name  string
		n     int
		lines func(i int) string
		max   int
	}{
		{"a label's 15 lines", 15, func(int) string { return "INJECT 5MG UNDER THE SKIN ONCE WEEKLY" }, 5_000},
		{"long lines, to the text limit", 6000, func(i int) string { return strings.Repeat("x", 70) + strconv.Itoa(i) }, 100_000},
		{"short lines, to the line limit", 6000, func(int) string { return "x" }, 100_000},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var text evidence.Text
			for i := range tt.n {
				text.Lines = append(text.Lines, evidence.Line{Text: tt.lines(i), Confidence: 0.987654, Page: 5, Box: box})
			}
			text.Pages = []evidence.Page{{}, {Turns: 1}, {Turns: 2}, {Turns: 3}, {}}
			av, err := attributevalue.MarshalWithOptions(evidence.KeepReading(text), jsonNames)
			if err != nil {
				t.Fatal(err)
			}
			size := itemBytes(av) + len(attrReading)
			t.Logf("%s: %d bytes in the item", tt.name, size)
			if size > tt.max {
				t.Errorf("the reading takes %d bytes of the item, want at most %d (the item's limit is 400 KB)", size, tt.max)
			}
		})
	}
}
