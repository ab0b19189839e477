package eval

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/clinicplatform/intake/internal/testing/corpus"
)

// Score counts correct field verdicts.
type Score struct {
	Correct, Total int
}

// Percent is Correct as a percentage of Total (0 when there is nothing).
func (s Score) Percent() float64 {
	if s.Total == 0 {
		return 0
	}
	return 100 * float64(s.Correct) / float64(s.Total)
}

// verdicts indexes the confusion matrix; an answer outside the vocabulary
// (or a missing one) is "other".
var verdicts = []corpus.Verdict{corpus.Valid, corpus.Invalid, corpus.NotFound}

// FieldScore is the accuracy of one rated field.
type FieldScore struct {
	Field string
	Score
	FalseAccepts int
	// Confusion counts answers by truth (rows: valid, invalid, not_found)
	// and by answer (columns: valid, invalid, not_found, other). Cases that
	// failed are not in it.
	Confusion [3][4]int
}

// Group is the accuracy of a slice of the corpus (a condition, a layout, a
// scenario, a layout x condition cell, or the ratings of one confidence).
type Group struct {
	Name string
	// Cases and Errors count documents (zero for confidence groups).
	Cases, Errors int
	Score
	FalseAccepts int
	// FalseSuccesses counts cases answered success=true whose truths are
	// not all valid.
	FalseSuccesses int
	// Fields scores each field alone, in FieldNames order (zero for
	// confidence groups).
	Fields [5]Score
}

// Miss is a field verdict that disagrees with the truth. Got is the
// service's value, empty when the field was missing from the answer.
type Miss struct {
	Case  string
	Field string
	Want  corpus.Verdict
	Got   string
}

// Failure is a case that got no verdict: a non-200 response or a body that
// is not a verification result. Its five fields count as wrong.
type Failure struct {
	Case   string
	Status int // 0 when the request was never answered
	Reason string
}

// Report is the outcome of a run.
type Report struct {
	Cases int
	// Fields are in the interface's order (FieldNames).
	Fields []FieldScore
	// Overall counts every field verdict of every case.
	Overall Score
	// Success counts cases whose success flag is right (true exactly when
	// all five truths are valid).
	Success Score
	// ByCondition is in corpus.Conditions order; the others by first
	// appearance. ByCell is named "layout x condition".
	ByCondition, ByLayout, ByScenario, ByCell []Group
	// ByConfidence groups field verdicts by the confidence the service gave.
	ByConfidence []Group
	// FalseAccepts lists every field rated valid whose truth is not valid,
	// and (field "success") every success=true on a case that should fail.
	FalseAccepts []Miss
	// Misses lists every wrong field verdict of the cases that were answered.
	Misses []Miss
	Errors []Failure
	// Elapsed is the wall time of the run.
	Elapsed time.Duration
}

// Targets are the field accuracy each condition must reach, in percent
// (issue 9): 95 everywhere but on severe copies and the hard photos (issue
// 18: harsh conditions), where half the fields must still be read. A
// condition not listed has DefaultTarget.
var Targets = map[string]int{
	corpus.ConditionSevere:    50,
	corpus.ConditionLowLight:  50,
	corpus.ConditionPhoto12MP: 50,
	corpus.ConditionCrumpled:  50,
	corpus.ConditionScreen:    50,
	corpus.ConditionSmall600:  50,
}

// DefaultTarget is the accuracy target of a condition not in Targets.
const DefaultTarget = 95

// TargetFor is a condition's accuracy target in percent.
func TargetFor(condition string) int {
	if t, ok := Targets[condition]; ok {
		return t
	}
	return DefaultTarget
}

// MeetsTargets returns nil when every condition with cases reaches its
// target and nothing was falsely accepted (no field valid whose truth is
// not, no success on a case that should fail); otherwise an error naming
// each shortfall.
func (r Report) MeetsTargets() error {
	if r.Cases == 0 {
		return errors.New("no cases were evaluated")
	}
	problems := r.falseAcceptProblems()
	for _, g := range r.ByCondition {
		if g.Total == 0 {
			continue
		}
		if target := TargetFor(g.Name); g.Correct*100 < target*g.Total {
			problems = append(problems, fmt.Sprintf("%s accuracy %.1f%% is under %d%%", g.Name, g.Percent(), target))
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// NoFalseAccepts returns nil when no field was rated valid against a truth
// that is not and no case that should fail succeeded: the bar that holds
// on every slice, whatever its accuracy.
func (r Report) NoFalseAccepts() error {
	if r.Cases == 0 {
		return errors.New("no cases were evaluated")
	}
	if p := r.falseAcceptProblems(); len(p) > 0 {
		return errors.New(strings.Join(p, "; "))
	}
	return nil
}

func (r Report) falseAcceptProblems() []string {
	var problems []string
	if n := len(r.FalseAccepts) - r.successFalseAccepts(); n > 0 {
		problems = append(problems, fmt.Sprintf("%d false accepts (want 0)", n))
	}
	if n := r.successFalseAccepts(); n > 0 {
		problems = append(problems, fmt.Sprintf("%d false successes (want 0)", n))
	}
	return problems
}

// groups accumulates Groups in order of first appearance.
type groups struct {
	order []string
	by    map[string]*Group
}

func (gs *groups) get(name string) *Group {
	if gs.by == nil {
		gs.by = map[string]*Group{}
	}
	g, ok := gs.by[name]
	if !ok {
		g = &Group{Name: name}
		gs.by[name] = g
		gs.order = append(gs.order, name)
	}
	return g
}

func (gs *groups) list() []Group {
	out := make([]Group, 0, len(gs.order))
	for _, n := range gs.order {
		out = append(out, *gs.by[n])
	}
	return out
}

// score compares the answers with the truths, case by case in corpus order.
func score(cases []corpus.Case, answers []answer) Report {
	r := Report{Cases: len(cases), Fields: make([]FieldScore, len(FieldNames))}
	for k, name := range FieldNames {
		r.Fields[k].Field = name
	}
	var byCondition, byLayout, byScenario, byCell, byConfidence groups
	present := map[string]bool{}
	for _, c := range cases {
		present[c.Condition] = true
	}
	for _, cond := range corpus.Conditions {
		if present[cond] {
			byCondition.get(cond)
		}
	}
	for _, c := range []string{"high", "medium", "low"} {
		byConfidence.get(c)
	}

	for i, c := range cases {
		a := answers[i]
		gs := []*Group{byCondition.get(c.Condition), byLayout.get(c.Layout), byScenario.get(c.Scenario), byCell.get(c.Layout + " x " + c.Condition)}
		for _, g := range gs {
			g.Cases++
		}
		truth := truthValues(c.Truth)
		allValid := true
		for _, t := range truth {
			allValid = allValid && t == corpus.Valid
		}
		r.Success.Total++

		if a.failure != nil {
			r.Errors = append(r.Errors, *a.failure)
			for _, g := range gs {
				g.Errors++
				g.Total += len(FieldNames)
				for k := range FieldNames {
					g.Fields[k].Total++
				}
			}
			for k := range FieldNames {
				r.Fields[k].Total++
			}
			r.Overall.Total += len(FieldNames)
			continue
		}

		if a.success == allValid {
			r.Success.Correct++
		} else if a.success {
			r.FalseAccepts = append(r.FalseAccepts, Miss{Case: c.Name, Field: "success", Want: corpus.Invalid, Got: "true"})
			for _, g := range gs {
				g.FalseSuccesses++
			}
		}
		for k, name := range FieldNames {
			want, got := truth[k], a.values[k]
			fs := &r.Fields[k]
			fs.Total++
			r.Overall.Total++
			conf := byConfidence.get(confidenceName(a.conf[k]))
			conf.Total++
			for _, g := range gs {
				g.Total++
				g.Fields[k].Total++
			}
			fs.Confusion[verdictIndex(want)][answerIndex(got)]++

			if got == string(want) {
				fs.Correct++
				r.Overall.Correct++
				conf.Correct++
				for _, g := range gs {
					g.Correct++
					g.Fields[k].Correct++
				}
				continue
			}
			miss := Miss{Case: c.Name, Field: name, Want: want, Got: got}
			r.Misses = append(r.Misses, miss)
			if got == string(corpus.Valid) {
				r.FalseAccepts = append(r.FalseAccepts, miss)
				fs.FalseAccepts++
				conf.FalseAccepts++
				for _, g := range gs {
					g.FalseAccepts++
				}
			}
		}
	}
	r.ByCondition = byCondition.list()
	r.ByLayout = byLayout.list()
	r.ByScenario = byScenario.list()
	// Cells read best grouped by layout, conditions in report order.
	r.ByCell = byCell.list()
	layoutRank, condRank := map[string]int{}, map[string]int{}
	for i, g := range r.ByLayout {
		layoutRank[g.Name] = i
	}
	for i, c := range corpus.Conditions {
		condRank[c] = i
	}
	cellOf := map[string][2]string{}
	for _, c := range cases {
		cellOf[c.Layout+" x "+c.Condition] = [2]string{c.Layout, c.Condition}
	}
	slices.SortStableFunc(r.ByCell, func(a, b Group) int {
		ca, cb := cellOf[a.Name], cellOf[b.Name]
		if d := layoutRank[ca[0]] - layoutRank[cb[0]]; d != 0 {
			return d
		}
		return condRank[ca[1]] - condRank[cb[1]]
	})
	r.ByConfidence = byConfidence.list()
	return r
}

func verdictIndex(v corpus.Verdict) int {
	if i := slices.Index(verdicts, v); i >= 0 {
		return i
	}
	return len(verdicts) - 1
}

func answerIndex(s string) int {
	if i := slices.Index(verdicts, corpus.Verdict(s)); i >= 0 {
		return i
	}
	return len(verdicts)
}

func confidenceName(s string) string {
	switch s {
	case "high", "medium", "low":
		return s
	case "":
		return "(missing)"
	}
	return "(other)"
}

// WriteText prints the report as plain tables.
func (r Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format, args...) }
	pct := func(s Score) string {
		if s.Total == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f", s.Percent())
	}

	p("Prescription evidence accuracy: %d cases, %d field verdicts, %d failed requests, %s\n\n",
		r.Cases, r.Overall.Total, len(r.Errors), r.Elapsed.Round(time.Second))

	p("field\tcorrect\ttotal\t%%\tfalse accepts\n")
	for _, f := range r.Fields {
		p("%s\t%d\t%d\t%s\t%d\n", f.Field, f.Correct, f.Total, pct(f.Score), f.FalseAccepts)
	}
	p("all fields\t%d\t%d\t%s\t%d\n", r.Overall.Correct, r.Overall.Total, pct(r.Overall), len(r.FalseAccepts)-r.successFalseAccepts())
	p("success flag\t%d\t%d\t%s\t%d\n\n", r.Success.Correct, r.Success.Total, pct(r.Success), r.successFalseAccepts())

	table := func(title string, gs []Group) {
		head := title + "\tcases\tfields correct\ttotal\t%\tfalse accepts\tfalse successes\terrors\tpatient\tmedicine\tdose\tdate\tpharmacy"
		if title == "condition" {
			head += "\ttarget"
		}
		p("%s\n", head)
		for _, g := range gs {
			p("%s\t%d\t%d\t%d\t%s\t%d\t%d\t%d", g.Name, g.Cases, g.Correct, g.Total, pct(g.Score), g.FalseAccepts, g.FalseSuccesses, g.Errors)
			for _, f := range g.Fields {
				p("\t%s", pct(f))
			}
			if title == "condition" {
				p("\t>= %d%%", TargetFor(g.Name))
			}
			p("\n")
		}
		p("\n")
	}
	table("condition", r.ByCondition)
	table("layout", r.ByLayout)
	table("scenario", r.ByScenario)
	table("layout x condition", r.ByCell)
	r.writeMatrix(p, pct)

	p("confidence\tverdicts\tcorrect\t%%\tfalse accepts\n")
	for _, g := range r.ByConfidence {
		p("%s\t%d\t%d\t%s\t%d\n", g.Name, g.Total, g.Correct, pct(g.Score), g.FalseAccepts)
	}
	p("\n")

	p("truth \\ answer\tvalid\tinvalid\tnot_found\tother\n")
	for _, f := range r.Fields {
		for i, v := range verdicts {
			row := f.Confusion[i]
			p("%s %s\t%d\t%d\t%d\t%d\n", f.Field, v, row[0], row[1], row[2], row[3])
		}
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}

	lw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	list := func(title string, ms []Miss) {
		fmt.Fprintf(lw, "\n%s (%d)\n", title, len(ms))
		for _, m := range ms {
			got := m.Got
			if got == "" {
				got = "(missing)"
			}
			fmt.Fprintf(lw, "  %s\t%s\twant %s\tgot %s\n", m.Case, m.Field, m.Want, got)
		}
	}
	list("False accepts: rated valid (or success true) where the truth is not", r.FalseAccepts)
	fmt.Fprintf(lw, "\nErrors (%d)\n", len(r.Errors))
	for _, e := range r.Errors {
		fmt.Fprintf(lw, "  %s\t%s\n", e.Case, e.Reason)
	}
	list("Wrong field verdicts", r.Misses)
	if err := lw.Flush(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// writeMatrix prints field accuracy with layouts down and conditions
// across; "!" marks a cell with a false accept or a false success.
func (r Report) writeMatrix(p func(string, ...any), pct func(Score) string) {
	cells := map[[2]string]Group{}
	for _, g := range r.ByCell {
		layout, cond, ok := strings.Cut(g.Name, " x ")
		if ok {
			cells[[2]string{layout, cond}] = g
		}
	}
	p("field accuracy %% by layout x condition (! marks a false accept or a false success)\n")
	p("layout")
	for _, c := range r.ByCondition {
		p("\t%s", c.Name)
	}
	p("\n")
	for _, l := range r.ByLayout {
		p("%s", l.Name)
		for _, c := range r.ByCondition {
			g, ok := cells[[2]string{l.Name, c.Name}]
			switch {
			case !ok:
				p("\t")
			case g.FalseAccepts > 0 || g.FalseSuccesses > 0:
				p("\t%s!", pct(g.Score))
			default:
				p("\t%s", pct(g.Score))
			}
		}
		p("\n")
	}
	p("\n")
}

func (r Report) successFalseAccepts() int {
	n := 0
	for _, m := range r.FalseAccepts {
		if m.Field == "success" {
			n++
		}
	}
	return n
}
