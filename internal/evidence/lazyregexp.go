package evidence

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled at its first use, not at
// init: verify-evidence's cold start then pays for none of the verifier's
// expressions (about 0.15 ms and 200 kB of allocations, which with the rest
// of init crossed the first collection's heap goal) until it checks a
// document. It has the methods of *regexp.Regexp the package uses.
type lazyRegexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// lazyRegexps are every lazyRegexp, so a test compiles them all.
var lazyRegexps []*lazyRegexp

// lazyRE is regexp.MustCompile(src), compiled at first use
// (TestLazyRegexpsCompile compiles each).
func lazyRE(src string) *lazyRegexp {
	l := &lazyRegexp{src: src}
	lazyRegexps = append(lazyRegexps, l)
	return l
}

func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRegexp) MatchString(s string) bool      { return l.get().MatchString(s) }
func (l *lazyRegexp) FindStringIndex(s string) []int { return l.get().FindStringIndex(s) }
func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.get().FindAllStringIndex(s, n)
}
func (l *lazyRegexp) String() string { return l.src }
func (l *lazyRegexp) FindStringSubmatch(s string) []string {
	return l.get().FindStringSubmatch(s)
}
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRegexp) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.get().ReplaceAllStringFunc(s, f)
}
