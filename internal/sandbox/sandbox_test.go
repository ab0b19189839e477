package sandbox

import (
	"context"
	"errors"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
)

func TestRunLimits(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	// Generous wall clock, so a loaded machine still reaches the CPU limit.
	limits := Limits{AddressSpace: 256 << 20, CPU: time.Second, Timeout: 60 * time.Second}
	tests := []struct {
		name       string
		args       []string
		timeout    time.Duration // instead of limits.Timeout
		data       uint64        // Limits.Data
		wantBudget string        // "" for no budget error
		wantExit   bool
	}{
		{name: "within limits", args: []string{"python3", "-c", "x = bytearray(32 << 20)"}},
		{name: "memory past the address space fails", args: []string{"python3", "-c", "x = bytearray(600 << 20)"}, wantExit: true},
		{name: "heap past the data limit fails", args: []string{"python3", "-c", "x = bytearray(600 << 20)"}, data: 128 << 20, wantExit: true},
		{name: "heap within the data limit", args: []string{"python3", "-c", "x = bytearray(32 << 20)"}, data: 128 << 20},
		{name: "CPU past the limit is killed", args: []string{"python3", "-c", "while True: pass"}, wantBudget: BudgetCPU},
		{name: "wall clock past the timeout is killed", args: []string{"sleep", "30"}, timeout: time.Second, wantBudget: BudgetTimeout},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := limits
			if tt.timeout > 0 {
				l.Timeout = tt.timeout
			}
			if tt.data > 0 {
				l.AddressSpace, l.Data = 4<<30, tt.data
			}
			start := time.Now()
			err := NewPool(1, 1, l).Run(context.Background(), exec.Command(tt.args[0], tt.args[1:]...))
			if took := time.Since(start); took > 20*time.Second {
				t.Errorf("Run took %v", took)
			}
			var b *derrors.Budget
			var exit *exec.ExitError
			switch {
			case tt.wantBudget != "":
				if !errors.As(err, &b) || b.Name != tt.wantBudget {
					t.Fatalf("Run error = %v, want budget %s", err, tt.wantBudget)
				}
			case tt.wantExit:
				if !errors.As(err, &exit) {
					t.Fatalf("Run error = %v, want the process to fail", err)
				}
			case err != nil:
				t.Fatalf("Run: %v", err)
			}
		})
	}
}

func TestRunRequestDeadlineIsNotABudget(t *testing.T) {
	pool := NewPool(1, 1, Limits{Timeout: 10 * time.Second, MinRemaining: time.Millisecond})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	err := pool.Run(ctx, exec.Command("sleep", "5"))
	if !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, derrors.ErrOverBudget) {
		t.Fatalf("Run error = %v, want the request's deadline, not a budget", err)
	}
}

// With every slot taken and the queue full, Run refuses at once; a queued
// request runs when a slot frees.
func TestRunQueue(t *testing.T) {
	pool := NewPool(1, 1, Limits{Timeout: 10 * time.Second})
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(1)
	go func() {
		defer wg.Done()
		errs[0] = pool.Run(context.Background(), exec.Command("sleep", "1"))
	}()
	waitFor(t, func() bool { return len(pool.slots) == 1 })
	wg.Add(1)
	go func() {
		defer wg.Done()
		errs[1] = pool.Run(context.Background(), exec.Command("true"))
	}()
	waitFor(t, func() bool { return pool.waiting.Load() == 1 })

	start := time.Now()
	err := pool.Run(context.Background(), exec.Command("true"))
	if !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("third Run error = %v, want ErrBusy", err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("refusal took %v", took)
	}

	// A request that would wait past its own deadline (less MinRemaining)
	// is refused as busy too.
	ctx, cancel := context.WithTimeout(context.Background(), pool.limits.MinRemaining+50*time.Millisecond)
	defer cancel()
	pool.queue = 2
	if err := pool.Run(ctx, exec.Command("true")); !errors.Is(err, derrors.ErrBusy) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Run past its deadline in the queue = %v, want ErrBusy", err)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Run %d: %v", i, err)
		}
	}
}

// A request with too little time left is refused at once, slot free or not.
func TestRunNeedsTimeLeft(t *testing.T) {
	pool := NewPool(1, 1, Limits{MinRemaining: 5 * time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := pool.Run(ctx, exec.Command("true")); !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("Run with 2 s left = %v, want ErrBusy", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met in 5 s")
}

// Work that entered the pool runs its processes in its own slot (no
// deadlock with one slot), and holds that slot against other work.
func TestEnter(t *testing.T) {
	pool := NewPool(1, 1, Limits{Timeout: 10 * time.Second})
	ctx, leave, err := pool.Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.Run(ctx, exec.Command("true")); err != nil {
		t.Fatalf("Run inside Enter: %v", err)
	}
	short, cancel := context.WithTimeout(context.Background(), pool.limits.MinRemaining+50*time.Millisecond)
	defer cancel()
	if _, _, err := pool.Enter(short); !errors.Is(err, derrors.ErrBusy) {
		t.Fatalf("second Enter while the slot is held = %v, want ErrBusy", err)
	}
	leave()
	_, leave2, err := pool.Enter(context.Background())
	if err != nil {
		t.Fatalf("Enter after leave: %v", err)
	}
	leave2()
}
