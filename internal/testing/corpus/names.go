package corpus

import "math/rand/v2"

// nameForm is how a document prints the patient's name.
type nameForm int

const (
	formAny    nameForm = iota // the layout chooses among its usual forms
	formPlain                  // Thomas Owen
	formTitled                 // Mr Thomas Owen
	formComma                  // Owen, Thomas (surname first, marked by the comma)
	formFields                 // labelled Surname and Forename fields
)

// title is the person's title, Mx when none is known.
func (p person) titleOrMx() string {
	if p.title == "" {
		return "Mx"
	}
	return p.title
}

// nameAs prints p in a one-line form; upper prints capitals without
// accents, as pharmacy systems do.
func nameAs(p person, form nameForm, upper bool) string {
	var s string
	switch form {
	case formTitled:
		s = p.titleOrMx() + " " + p.full()
	case formComma:
		s = p.surname + ", " + p.forename
	default:
		s = p.full()
	}
	if upper {
		s = asciiUpper(s)
	}
	return s
}

// nameForm is the form the scenario asks for, or one of the layout's.
func (f facts) nameForm(r *rand.Rand, choices ...nameForm) nameForm {
	if f.form != formAny {
		return f.form
	}
	return pick(r, choices)
}

// nameItems prints the patient's name after caption, or as labelled
// Surname and Forename fields (on one line when the page is wide enough).
func nameItems(r *rand.Rand, f facts, caption string, st style, upper bool, choices ...nameForm) []item {
	form := f.nameForm(r, choices...)
	p := *f.patient
	if form != formFields {
		return []item{textLine(st, at(0, caption+nameAs(p, form, upper)))}
	}
	sur, fore := p.surname, p.forename
	if upper {
		sur, fore = asciiUpper(sur), asciiUpper(fore)
	}
	foreLabel := pick(r, []string{"Forename: ", "Forename(s): ", "First name: "})
	surLabel := "Surname: "
	if foreLabel == "First name: " {
		surLabel = pick(r, []string{"Surname: ", "Last name: "})
	}
	if r.IntN(2) == 0 {
		return []item{textLine(st, at(0, surLabel+sur)), textLine(st, at(0, foreLabel+fore))}
	}
	return []item{textLine(st, at(0, foreLabel+fore)), textLine(st, at(0, surLabel+sur))}
}
