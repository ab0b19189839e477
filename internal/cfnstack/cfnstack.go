// Package cfnstack reads a deployed stack's outputs through CloudFormation,
// so operator commands find the stack's tables and bucket by market name.
package cfnstack

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/cloudformation"
)

// API is the part of the CloudFormation client Outputs uses.
type API interface {
	DescribeStacks(ctx context.Context, in *cloudformation.DescribeStacksInput, opts ...func(*cloudformation.Options)) (*cloudformation.DescribeStacksOutput, error)
}

// Outputs returns the stack's outputs by key.
func Outputs(ctx context.Context, client API, stack string) (map[string]string, error) {
	out, err := client.DescribeStacks(ctx, &cloudformation.DescribeStacksInput{StackName: aws.String(stack)})
	if err != nil {
		return nil, fmt.Errorf("describe stack %s: %w", stack, err)
	}
	if len(out.Stacks) != 1 {
		return nil, fmt.Errorf("describe stack %s: %d stacks found", stack, len(out.Stacks))
	}
	outputs := map[string]string{}
	for _, o := range out.Stacks[0].Outputs {
		outputs[aws.ToString(o.OutputKey)] = aws.ToString(o.OutputValue)
	}
	return outputs, nil
}

// Require picks the named outputs, failing with every missing one named.
func Require(outputs map[string]string, names ...string) (map[string]string, error) {
	picked := map[string]string{}
	var errs []error
	for _, n := range names {
		if outputs[n] == "" {
			errs = append(errs, fmt.Errorf("the stack has no output %s (deploy the current template)", n))
			continue
		}
		picked[n] = outputs[n]
	}
	return picked, errors.Join(errs...)
}

// Region is the region of a market's stack, as samconfig.toml deploys it;
// false for a market with no stack.
func Region(market string) (string, bool) {
	switch market {
	case "uk":
		return "eu-west-2", true
	case "us":
		return "us-east-1", true
	}
	return "", false
}

// Name is a market's stack name, as samconfig.toml names it.
func Name(market string) string { return "clinic-intake-" + market }

// Resources picks the named resources (outputs by key): given when every
// one of keys is given, otherwise read from the stack's outputs.
func Resources(ctx context.Context, client API, stack string, given map[string]string, keys ...string) (map[string]string, error) {
	if names, err := Require(given, keys...); err == nil {
		return names, nil
	}
	outputs, err := Outputs(ctx, client, stack)
	if err != nil {
		return nil, err
	}
	return Require(outputs, keys...)
}
