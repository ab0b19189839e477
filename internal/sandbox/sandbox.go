// Package sandbox runs helper processes (pdftoppm, tesseract) on untrusted
// documents with bounded cost: an address-space and a CPU-time limit per
// process, a wall-clock timeout, and a cap on how many run at once with a
// short queue behind it. It works wherever the prlimit(2) system call does,
// Lambda included; it needs no helper binary and no privilege (limits are
// only lowered).
package sandbox

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/clinicplatform/intake/internal/derrors"
)

// Limits bound one helper process.
type Limits struct {
	// AddressSpace is RLIMIT_AS in bytes: the process's allocations fail
	// past it (its resident memory can be no larger).
	AddressSpace uint64
	// Data is RLIMIT_DATA in bytes when not zero: the process's writable
	// private memory (its heap). A Go helper reserves far more address
	// space than it uses, so this, not AddressSpace, bounds its memory.
	Data uint64
	// CPU is RLIMIT_CPU: the kernel kills the process (SIGXCPU, then
	// SIGKILL) after this much CPU time.
	CPU time.Duration
	// Timeout is the wall-clock time the process may run.
	Timeout time.Duration
	// MinRemaining is the least time a request must have left before its
	// deadline to be given a slot: work that cannot finish in time is
	// refused as busy (503) rather than started and cut off (500).
	MinRemaining time.Duration
}

// Defaults: a 4 MB phone photo needs about 160 MB and 6 s of CPU in
// tesseract (docs/security.md). The wall-clock timeout is twice the CPU
// limit, for a process that waits rather than computes: on a loaded
// machine a request's own deadline comes first, and is an outage, not the
// document's fault.
var DefaultLimits = Limits{
	AddressSpace: 512 << 20,
	CPU:          15 * time.Second,
	Timeout:      30 * time.Second,
	MinRemaining: 8 * time.Second,
}

// Names of the budgets a helper process trips, as logged.
const (
	BudgetCPU     = "process.cpu_seconds"
	BudgetTimeout = "process.wall_seconds"
)

// Pool runs helper processes: at most Slots at once, at most Queue more
// waiting for a slot; past that, Run refuses at once with derrors.ErrBusy.
type Pool struct {
	limits  Limits
	slots   chan struct{}
	queue   int64
	waiting atomic.Int64
}

// NewPool returns a pool of slots running processes (0: one per CPU the Go
// runtime may use) with queue requests waiting behind them (0: twice the
// slots), each process under limits (zero fields: DefaultLimits').
func NewPool(slots, queue int, limits Limits) *Pool {
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	if queue <= 0 {
		queue = 2 * slots
	}
	if limits.AddressSpace == 0 {
		limits.AddressSpace = DefaultLimits.AddressSpace
	}
	if limits.CPU == 0 {
		limits.CPU = DefaultLimits.CPU
	}
	if limits.Timeout == 0 {
		limits.Timeout = DefaultLimits.Timeout
	}
	if limits.MinRemaining == 0 {
		limits.MinRemaining = DefaultLimits.MinRemaining
	}
	return &Pool{limits: limits, slots: make(chan struct{}, slots), queue: int64(queue)}
}

// Limits returns the pool's per-process limits.
func (p *Pool) Limits() Limits { return p.limits }

// Run waits for a slot, then runs cmd (not yet started) to completion under
// the pool's limits. It returns:
//   - an error wrapping derrors.ErrBusy when the queue is full, or ctx ends
//     while waiting for a slot (the work was refused, not failed);
//   - an error wrapping a *derrors.Budget when the process ran out of CPU
//     time or wall-clock time;
//   - otherwise cmd.Run's error.
//
// With a context from Enter, Run uses the slot Enter took.
func (p *Pool) Run(ctx context.Context, cmd *exec.Cmd) error {
	if held, _ := ctx.Value(heldSlot{p}).(bool); !held {
		if err := p.acquire(ctx); err != nil {
			return err
		}
		defer func() { <-p.slots }()
	}

	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, p.limits.Timeout)
	defer cancel()
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		return err
	}
	// Between exec and this call the process runs unlimited for a few
	// microseconds, before it has read its input: it cannot allocate or
	// compute much in that time.
	limitErr := p.limit(cmd.Process.Pid)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		_ = cmd.Process.Kill()
		err = <-done
	}
	switch {
	case killedBy(cmd, syscall.SIGXCPU) || killedBy(cmd, syscall.SIGKILL) && cpuUsed(cmd) >= p.limits.CPU:
		return fmt.Errorf("%s: %w", cmd.Path, derrors.OverBudget(BudgetCPU, int64(p.limits.CPU/time.Second)))
	case parent.Err() != nil:
		// The request ended (its deadline, or the client went away).
		return fmt.Errorf("%s: %w", cmd.Path, parent.Err())
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", cmd.Path, derrors.OverBudget(BudgetTimeout, int64(p.limits.Timeout/time.Second)))
	case limitErr != nil && err == nil:
		return limitErr
	}
	return err
}

// heldSlot marks a context whose work holds a slot of the pool.
type heldSlot struct{ p *Pool }

// Enter takes a slot (waiting in the queue, or refused as Run is) for a
// whole piece of work: the in-process preparation of a document as well as
// the processes it runs, which reuse the slot through the returned context.
// leave gives the slot back.
func (p *Pool) Enter(ctx context.Context) (_ context.Context, leave func(), _ error) {
	if err := p.acquire(ctx); err != nil {
		return ctx, func() {}, err
	}
	return context.WithValue(ctx, heldSlot{p}, true), func() { <-p.slots }, nil
}

func (p *Pool) acquire(ctx context.Context) error {
	// A request waits only while it still has MinRemaining to run in.
	wait := ctx
	if dl, ok := ctx.Deadline(); ok {
		if time.Until(dl) < p.limits.MinRemaining {
			return fmt.Errorf("helper processes: %v left before the request's deadline: %w", time.Until(dl).Round(time.Millisecond), derrors.ErrBusy)
		}
		var cancel context.CancelFunc
		wait, cancel = context.WithDeadline(ctx, dl.Add(-p.limits.MinRemaining))
		defer cancel()
	}
	select {
	case p.slots <- struct{}{}:
		return nil
	default:
	}
	if p.waiting.Add(1) > p.queue {
		p.waiting.Add(-1)
		return fmt.Errorf("helper processes: %d running and %d waiting: %w", cap(p.slots), p.queue, derrors.ErrBusy)
	}
	defer p.waiting.Add(-1)
	select {
	case p.slots <- struct{}{}:
		return nil
	case <-wait.Done():
		return fmt.Errorf("helper processes: no slot in time to finish before the request's deadline: %w: %w", derrors.ErrBusy, wait.Err())
	}
}

// limit sets the address-space and CPU limits of the running process pid.
func (p *Pool) limit(pid int) error {
	as := &unix.Rlimit{Cur: p.limits.AddressSpace, Max: p.limits.AddressSpace}
	secs := uint64((p.limits.CPU + time.Second - 1) / time.Second)
	// The soft limit sends SIGXCPU; the hard one, a second later, SIGKILL.
	cpu := &unix.Rlimit{Cur: secs, Max: secs + 1}
	limits := []struct {
		resource int
		limit    *unix.Rlimit
	}{{unix.RLIMIT_AS, as}, {unix.RLIMIT_CPU, cpu}}
	if d := p.limits.Data; d > 0 {
		limits = append(limits, struct {
			resource int
			limit    *unix.Rlimit
		}{unix.RLIMIT_DATA, &unix.Rlimit{Cur: d, Max: d}})
	}
	for _, l := range limits {
		if err := unix.Prlimit(pid, l.resource, l.limit, nil); err != nil && !errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("limit helper process: %w: %w", derrors.ErrUnavailable, err)
		}
	}
	return nil
}

func killedBy(cmd *exec.Cmd, sig syscall.Signal) bool {
	if cmd.ProcessState == nil {
		return false
	}
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == sig
}

func cpuUsed(cmd *exec.Cmd) time.Duration {
	if cmd.ProcessState == nil {
		return 0
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
