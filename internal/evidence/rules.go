// Rule tables: each field's verdict is its evidence, then the first rule that holds.

package evidence

// rule is one row of a field's rule table. A field's rating first collects
// what the document says into an evidence value E, then applies its table:
// the first rule whose when holds decides, through then. The tables list
// the rules in the order docs/evidence-rules.md gives them, under the same
// names (TestRulesDocMatchesTables), and each rule can be tried on an
// evidence value alone, without any document text.
type rule[E any] struct {
	name string
	// when reports whether the rule decides the evidence; nil for the last
	// rule of a table, which decides whatever no rule before it did.
	when func(E) bool
	then func(E) finding
}

// decide applies the first rule of rules that holds on e and names it in
// the finding. A table's last rule holds always.
func decide[E any](rules []rule[E], e E) finding {
	r := rules[len(rules)-1]
	for _, c := range rules[:len(rules)-1] {
		if c.when(e) {
			r = c
			break
		}
	}
	f := r.then(e)
	f.rule = r.name
	return f
}
