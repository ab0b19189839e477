package main

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// goBench is one benchmark of `go test -bench -benchmem` output, the
// median of its -count runs.
type goBench struct {
	Package, Name string
	NsPerOp       float64
	BytesPerOp    float64
	AllocsPerOp   float64
	Runs          int
}

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+[\d.]+ MB/s)?(?:\s+([\d.]+) B/op\s+([\d.]+) allocs/op)?`)

func parseGoBench(file string) ([]goBench, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type key struct{ pkg, name string }
	runs := map[key][]goBench{}
	var order []key
	pkg := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = path.Base(p)
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		b := goBench{Package: pkg, Name: m[1]}
		b.NsPerOp, _ = strconv.ParseFloat(m[2], 64)
		b.BytesPerOp, _ = strconv.ParseFloat(m[3], 64)
		b.AllocsPerOp, _ = strconv.ParseFloat(m[4], 64)
		k := key{pkg, b.Name}
		if _, ok := runs[k]; !ok {
			order = append(order, k)
		}
		runs[k] = append(runs[k], b)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(order) == 0 {
		return nil, fmt.Errorf("no benchmark results in %s", file)
	}
	var out []goBench
	for _, k := range order {
		rs := runs[k]
		slices.SortFunc(rs, func(a, b goBench) int {
			switch {
			case a.NsPerOp < b.NsPerOp:
				return -1
			case a.NsPerOp > b.NsPerOp:
				return 1
			}
			return 0
		})
		b := rs[len(rs)/2]
		b.Runs = len(rs)
		out = append(out, b)
	}
	return out, nil
}

func findBench(bs []goBench, pkg, name string) (goBench, bool) {
	for _, b := range bs {
		if b.Package == pkg && b.Name == name {
			return b, true
		}
	}
	return goBench{}, false
}
