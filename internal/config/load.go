package config

import (
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Load fills target, a pointer to one of the binaries' config structs, from
// getenv. Each field names its variable in its tag, with its options:
//
//	`env:"NAME"`                   a string, or a bool that is "true"
//	`env:"NAME, required"`         must be set (fails naming NAME)
//	`env:"NAME, default=VALUE"`    VALUE when NAME is unset or empty
//	`env:"NAME, min=1"`            a whole number, 1 or more (min=0: 0 or more)
//	`env:"NAME, min=1, unit=days"` a time.Duration given in whole days
//	`env:"NAME, oneof=uk|us"`      one of the listed values (after lower=)
//	`env:"NAME, lower"`            lower-cased first
//
// A field of a type with a Set(string) error method (or an
// encoding.TextUnmarshaler) parses itself. Embedded structs without a tag
// are walked, so settings several binaries share are declared once. Every
// problem is reported at once: each bad value, then the missing settings.
//
// It is hand-written rather than github.com/sethvargo/go-envconfig because
// that library takes an empty variable as a value (so neither its default
// nor "required" applies), where the template passes an unset parameter as
// "", and the service reports every bad value at once in its own words.
func Load(getenv func(string) string, target any) error {
	v := reflect.ValueOf(target)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("config.Load: target must be a pointer to a struct, not %T", target)
	}
	var l loader
	l.walk(getenv, v.Elem())
	if len(l.missing) > 0 {
		slices.Sort(l.missing)
		l.errs = append(l.errs, fmt.Errorf("missing required setting(s): %s", strings.Join(l.missing, ", ")))
	}
	return errors.Join(l.errs...)
}

type loader struct {
	errs    []error
	missing []string
}

// setter is a setting's own parser; its error completes the sentence
// "NAME ...".
type setter interface {
	Set(value string) error
}

func (l *loader) walk(getenv func(string) string, v reflect.Value) {
	t := v.Type()
	for i := range t.NumField() {
		f, fv := t.Field(i), v.Field(i)
		tag, ok := f.Tag.Lookup("env")
		if !ok {
			if f.Anonymous && fv.Kind() == reflect.Struct {
				l.walk(getenv, fv)
			}
			continue
		}
		s := parseTag(tag)
		value := getenv(s.name)
		if value == "" && s.required {
			l.missing = append(l.missing, s.name)
			continue
		}
		if value == "" {
			value = s.def
		}
		if s.lower {
			value = strings.ToLower(value)
		}
		if err := s.set(fv, value); err != nil {
			l.errs = append(l.errs, err)
		}
	}
}

type spec struct {
	name     string
	def      string
	required bool
	lower    bool
	min      int64
	days     bool
	oneof    []string
}

func parseTag(tag string) spec {
	parts := strings.Split(tag, ",")
	s := spec{name: strings.TrimSpace(parts[0]), min: 1}
	for _, p := range parts[1:] {
		k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
		switch k {
		case "required":
			s.required = true
		case "lower":
			s.lower = true
		case "default":
			s.def = v
		case "min":
			s.min, _ = strconv.ParseInt(v, 10, 64)
		case "unit":
			s.days = v == "days"
		case "oneof":
			s.oneof = strings.Split(v, "|")
		default:
			panic("config: unknown option " + k + " in env tag " + tag)
		}
	}
	return s
}

func (s spec) set(fv reflect.Value, value string) error {
	if p, ok := fv.Addr().Interface().(setter); ok {
		if err := p.Set(value); err != nil {
			return fmt.Errorf("%s %w", s.name, err)
		}
		return nil
	}
	if u, ok := fv.Addr().Interface().(encoding.TextUnmarshaler); ok {
		if err := u.UnmarshalText([]byte(value)); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		return nil
	}
	switch fv.Kind() {
	case reflect.String:
		if len(s.oneof) > 0 && !slices.Contains(s.oneof, value) {
			return fmt.Errorf("%s must be %s, not %q", s.name, strings.Join(s.oneof, " or "), value)
		}
		fv.SetString(value)
	case reflect.Bool:
		fv.SetBool(value == "true")
	case reflect.Int, reflect.Int64:
		n, err := s.number(value)
		if err != nil {
			return err
		}
		if s.days {
			fv.SetInt(int64(time.Duration(n) * 24 * time.Hour))
		} else {
			fv.SetInt(n)
		}
	default:
		panic("config: no parser for " + fv.Type().String() + " (" + s.name + ")")
	}
	return nil
}

// number parses a whole number of at least s.min: 1 or more reads 64 bits,
// 0 or more (counts and retention days) 32 bits.
func (s spec) number(value string) (int64, error) {
	bits, rule := 64, "a positive whole number"
	if s.min == 0 {
		bits, rule = 32, "a whole number, 0 or more"
	}
	n, err := strconv.ParseInt(value, 10, bits)
	if err != nil || n < s.min {
		return 0, fmt.Errorf("%s must be %s, not %q", s.name, rule, value)
	}
	return n, nil
}
