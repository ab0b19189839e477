// Package samtemplate reads what the tooling needs from template.yaml, so
// that nothing outside the template copies it by hand: each function's
// environment as Lambda would see it (bench/lambdarun runs the real
// bootstraps with it).
//
// It resolves the two intrinsic functions the template's environment
// variables use, !Ref and !Sub: a parameter's value is the one given or its
// Default, a resource's the one given or (as sam local does) its logical
// id, a pseudo parameter's (AWS::StackName) the one given; anything else is
// an error, not a guess.
package samtemplate

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Template is a parsed SAM template.
type Template struct {
	root *yaml.Node
}

// Load reads the template at path.
func Load(path string) (*Template, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(raw)
}

// Parse reads a template from its YAML.
func Parse(raw []byte) (*Template, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("template: %w", err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("template: not a mapping")
	}
	return &Template{root: doc.Content[0]}, nil
}

// Functions are the logical ids of the template's AWS::Serverless::Function
// resources, sorted.
func (t *Template) Functions() []string {
	var ids []string
	resources := child(t.root, "Resources")
	if resources == nil {
		return nil
	}
	for i := 0; i+1 < len(resources.Content); i += 2 {
		if typ := child(resources.Content[i+1], "Type"); typ != nil && typ.Value == "AWS::Serverless::Function" {
			ids = append(ids, resources.Content[i].Value)
		}
	}
	slices.Sort(ids)
	return ids
}

// FunctionEnv is the environment the template gives the function fn:
// Globals.Function's variables, then the function's own, each resolved.
// values names what a !Ref or ${} may stand for: parameters (over their
// Default), resources and pseudo parameters.
func (t *Template) FunctionEnv(fn string, values map[string]string) (map[string]string, error) {
	props := child(child(child(t.root, "Resources"), fn), "Properties")
	if props == nil {
		return nil, fmt.Errorf("template: no function %s", fn)
	}
	env := map[string]string{}
	for _, vars := range []*yaml.Node{
		child(child(child(child(t.root, "Globals"), "Function"), "Environment"), "Variables"),
		child(child(props, "Environment"), "Variables"),
	} {
		if vars == nil {
			continue
		}
		for i := 0; i+1 < len(vars.Content); i += 2 {
			name := vars.Content[i].Value
			v, err := t.resolve(vars.Content[i+1], values)
			if err != nil {
				return nil, fmt.Errorf("template: %s of %s: %w", name, fn, err)
			}
			env[name] = v
		}
	}
	return env, nil
}

var subVar = regexp.MustCompile(`\$\{([^}]+)\}`)

// resolve is the value of n, a plain scalar, !Ref or !Sub.
func (t *Template) resolve(n *yaml.Node, values map[string]string) (string, error) {
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("a %s, not a value this package resolves", kindName(n))
	}
	switch n.Tag {
	case "!Ref":
		return t.value(n.Value, values)
	case "!Sub":
		var err error
		out := subVar.ReplaceAllStringFunc(n.Value, func(m string) string {
			v, e := t.value(strings.TrimSuffix(strings.TrimPrefix(m, "${"), "}"), values)
			if e != nil && err == nil {
				err = e
			}
			return v
		})
		return out, err
	case "", "!!str", "!!int", "!!bool", "!!float", "!!null":
		return n.Value, nil
	}
	return "", fmt.Errorf("intrinsic %s is not resolved here", n.Tag)
}

// value is what name stands for: the value given, the parameter's
// Default, or the resource's logical id.
func (t *Template) value(name string, values map[string]string) (string, error) {
	if v, ok := values[name]; ok {
		return v, nil
	}
	if child(child(t.root, "Resources"), name) != nil {
		return name, nil
	}
	if p := child(child(t.root, "Parameters"), name); p != nil {
		if d := child(p, "Default"); d != nil {
			return d.Value, nil
		}
		return "", fmt.Errorf("parameter %s has no Default and no value was given", name)
	}
	return "", fmt.Errorf("no value given for %s", name)
}

// child is n's value under key, or nil (n nil or not a mapping too).
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "node"
}

// BenchValues are the values bench/lambdarun runs the functions with: the
// market's stack named "bench" in us-east-1 (resources by logical id; the
// fake AWS endpoint takes any table or bucket name).
func BenchValues(market string) map[string]string {
	return map[string]string{"Market": market, "AWS::StackName": "bench", "AWS::Region": "us-east-1"}
}
