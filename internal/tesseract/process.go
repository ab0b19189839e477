package tesseract

import (
	"context"
	"errors"
	"fmt"
	"os/exec"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/sandbox"
)

// helpers runs every pdftoppm and tesseract process this program starts,
// whichever Reader starts it: one at a time per CPU, a short queue behind,
// each under sandbox.DefaultLimits.
var helpers = sandbox.NewPool(0, 0, sandbox.Limits{})

// enter holds a helper slot for a whole Read: decoding and preparing a
// photo in process costs as much memory and CPU as the OCR after it, so
// it waits its turn too.
func enter(ctx context.Context) (context.Context, func(), error) {
	ctx, leave, err := helpers.Enter(ctx)
	if err != nil {
		return ctx, leave, fmt.Errorf("ocr: %w", err)
	}
	return ctx, leave, nil
}

// run runs cmd in the helper pool. A refusal (queue full) wraps
// derrors.ErrBusy; a process over its CPU limit wraps the *derrors.Budget
// and evidence.ErrUnreadable, as the document's fault (the CPU a reading
// takes is the document's, whatever the load). A process over its
// wall-clock limit wraps derrors.ErrBusy as well as the budget: waiting is
// the machine's load, not the document, and a verdict must not depend on
// it.
func run(ctx context.Context, cmd *exec.Cmd) error {
	err := helpers.Run(ctx, cmd)
	var budget *derrors.Budget
	switch {
	case errors.As(err, &budget) && budget.Name == sandbox.BudgetTimeout:
		return fmt.Errorf("%w: %w", err, derrors.ErrBusy)
	case errors.Is(err, derrors.ErrOverBudget):
		return fmt.Errorf("%w: %w", err, evidence.ErrUnreadable)
	}
	return err
}

// contained reports whether run refused cmd or stopped it over budget: the
// error is then complete as it is.
func contained(err error) bool {
	return errors.Is(err, derrors.ErrBusy) || errors.Is(err, derrors.ErrOverBudget)
}
