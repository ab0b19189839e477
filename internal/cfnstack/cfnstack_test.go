package cfnstack

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation/types"
	"github.com/google/go-cmp/cmp"
)

type fakeStacks struct {
	outputs map[string]string
	asked   []string
}

func (f *fakeStacks) DescribeStacks(_ context.Context, in *cloudformation.DescribeStacksInput, _ ...func(*cloudformation.Options)) (*cloudformation.DescribeStacksOutput, error) {
	f.asked = append(f.asked, aws.ToString(in.StackName))
	if f.outputs == nil {
		return nil, errors.New("stack does not exist")
	}
	var outs []types.Output
	for k, v := range f.outputs {
		outs = append(outs, types.Output{OutputKey: aws.String(k), OutputValue: aws.String(v)})
	}
	return &cloudformation.DescribeStacksOutput{Stacks: []types.Stack{{Outputs: outs}}}, nil
}

func TestResources(t *testing.T) {
	keys := []string{"LeadsTableName", "EvidenceBucketName"}
	given := map[string]string{"LeadsTableName": "leads", "EvidenceBucketName": "bucket"}
	f := &fakeStacks{}
	got, err := Resources(t.Context(), f, "clinic-intake-uk", given, keys...)
	if err != nil || !cmp.Equal(got, given) || len(f.asked) != 0 {
		t.Errorf("every name given: %v, %v, asked %v; want the names and no call", got, err, f.asked)
	}
	f = &fakeStacks{outputs: map[string]string{"LeadsTableName": "t1", "EvidenceBucketName": "b1", "Other": "x"}}
	got, err = Resources(t.Context(), f, "clinic-intake-uk", map[string]string{"LeadsTableName": "leads"}, keys...)
	if err != nil || !cmp.Equal(got, map[string]string{"LeadsTableName": "t1", "EvidenceBucketName": "b1"}) || !cmp.Equal(f.asked, []string{"clinic-intake-uk"}) {
		t.Errorf("some names given: %v, %v, asked %v; want the stack's outputs", got, err, f.asked)
	}
	f = &fakeStacks{outputs: map[string]string{"LeadsTableName": "t1"}}
	if _, err := Resources(t.Context(), f, "s", nil, keys...); err == nil || !strings.Contains(err.Error(), "EvidenceBucketName") {
		t.Errorf("an output missing: %v, want it named", err)
	}
}

func TestRegionAndName(t *testing.T) {
	for market, want := range map[string]string{"uk": "eu-west-2", "us": "us-east-1"} {
		if got, ok := Region(market); !ok || got != want {
			t.Errorf("Region(%s) = %s, %v", market, got, ok)
		}
	}
	if _, ok := Region("fr"); ok {
		t.Error("Region(fr) found a region")
	}
	if Name("us") != "clinic-intake-us" {
		t.Errorf("Name(us) = %s", Name("us"))
	}
}
