package api

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
	"github.com/clinicplatform/intake/internal/lead"
	"github.com/clinicplatform/intake/internal/quota"
)

// Limits of the non-file parts of a verify-evidence form.
const (
	maxTextPartBytes = 1024
	// formOverhead is what a multipart body may carry beyond the file:
	// boundaries, part headers and the three short text parts.
	formOverhead = 64 << 10
)

// evidenceForm is the parsed multipart body of verify-evidence.
type evidenceForm struct {
	userID, medicationName, medicationDosage string
	file                                     []byte
	seen                                     map[string]bool
	// quotaChecked: the userId's verification quota was checked.
	quotaChecked bool
}

// checkQuota refuses a request whose userId has no verifications left
// today as soon as a well-formed userId has been read, before its file is
// read off the wire (when userId comes first, as clients send it). It only
// reads the count: the verification is counted later, once the lead is
// found and the file accepted (evidence.Service), so a refused file or an
// unknown userId costs the lead nothing.
func (s *server) checkQuota(r *http.Request, f *evidenceForm) error {
	if f.quotaChecked || s.deps.VerificationQuota == nil || !isUUID(f.userID) {
		return nil
	}
	f.quotaChecked = true
	if err := s.deps.VerificationQuota.Check(r.Context(), strings.ToLower(f.userID)); err != nil {
		if errors.Is(err, derrors.ErrTooManyRequests) {
			return err
		}
		return derrors.Unexpected(err)
	}
	return nil
}

func (s *server) handleVerifyEvidence() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		form, err := s.readEvidenceForm(w, r)
		if err != nil {
			if reason := refusedReason(err); reason != "" {
				s.deps.Metrics.DocumentRefused(reason)
			}
			s.writeError(w, r, redactLead(err, form.userID), messageString)
			return
		}
		mediaType, err := evidence.DetectMediaType(form.file)
		if err != nil {
			s.deps.Metrics.DocumentRefused(RefusedUnsupportedType)
			s.writeError(w, r, err, messageString)
			return
		}
		out, err := s.deps.Evidence.Verify(r.Context(), evidence.Request{
			UserID:           form.userID,
			MedicationName:   form.medicationName,
			MedicationDosage: form.medicationDosage,
			File:             form.file,
			MediaType:        mediaType,
		})
		if err != nil {
			if reason := refusedReason(err); reason != "" {
				s.deps.Metrics.DocumentRefused(reason)
			}
			s.writeError(w, r, redactLead(verifyError(r.Context(), err), form.userID), messageString)
			return
		}
		if out.NoLead {
			// Nothing was staged, read or recorded, so there is no record id.
			s.deps.Metrics.UnknownLead()
			writeJSON(w, http.StatusOK, out.Result)
			return
		}
		s.deps.Metrics.Verified(out)
		var budget *derrors.Budget
		if errors.As(out.Unreadable, &budget) {
			// An attack or a pathological file, not an outage: one WARN
			// line with the limit it tripped and nothing of the document.
			s.log.WarnContext(r.Context(), "document over budget",
				slog.String("request_id", requestIDFrom(r.Context())),
				slog.String("budget", budget.Name),
				slog.Int64("limit", budget.Limit),
				slog.String("media_type", mediaType),
				slog.Int("file_bytes", len(form.file)))
		}
		w.Header().Set("X-Verification-Id", out.ID)
		writeJSON(w, http.StatusOK, out.Result)
	})
}

// readEvidenceForm streams the multipart body: text parts are capped at
// 1 KiB, the file at the configured limit, and the whole body at the file
// limit plus a small overhead, so memory stays bounded whatever is sent.
func (s *server) readEvidenceForm(w http.ResponseWriter, r *http.Request) (evidenceForm, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return evidenceForm{}, &derrors.Client{Kind: derrors.ErrUnsupportedMediaType,
			Message: "Content-Type must be multipart/form-data with a boundary"}
	}
	limit := s.deps.EvidenceFileLimit
	body := http.MaxBytesReader(w, r.Body, limit+formOverhead)
	mr := multipart.NewReader(body, params["boundary"])
	form := evidenceForm{seen: map[string]bool{}}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return evidenceForm{}, formReadError(err, limit)
		}
		if err := form.add(part, limit, r.ContentLength); err != nil {
			return evidenceForm{}, formReadError(err, limit)
		}
		if err := s.checkQuota(r, &form); err != nil {
			return form, err
		}
	}
	if err := form.valid(); err != nil {
		return evidenceForm{}, err
	}
	return form, nil
}

// add reads one part; sizeHint (the request's length, or -1) sizes the
// file's buffer so the file is read with one allocation.
func (f *evidenceForm) add(part *multipart.Part, fileLimit, sizeHint int64) error {
	defer part.Close()
	name := part.FormName()
	switch name {
	case "userId", "medicationName", "medicationDosage", "file":
	case "":
		return derrors.Invalid("every form part must have a name")
	default:
		return derrors.Invalid(fmt.Sprintf("form part %q is not expected; send userId, medicationName, medicationDosage and file", truncate(name, 40)))
	}
	if f.seen[name] {
		return derrors.Invalid(name + " must be sent once")
	}
	f.seen[name] = true
	if name == "file" {
		buf := bytes.NewBuffer(make([]byte, 0, min(max(sizeHint, 0), fileLimit+1)+bytes.MinRead))
		if _, err := buf.ReadFrom(io.LimitReader(part, fileLimit+1)); err != nil {
			return err
		}
		b := buf.Bytes()
		if int64(len(b)) > fileLimit {
			return &derrors.Client{Kind: derrors.ErrTooLarge,
				Message: fmt.Sprintf("file must not be larger than %d bytes", fileLimit)}
		}
		f.file = b
		return nil
	}
	b, err := io.ReadAll(io.LimitReader(part, maxTextPartBytes+1))
	if err != nil {
		return err
	}
	if name == "userId" {
		// Kept as sent, spaces included: " <uuid>" is not a UUID, and a
		// userId too long to read whole is not one either.
		f.userID = string(b)
		return nil
	}
	if len(b) > maxTextPartBytes {
		return derrors.Invalid(fmt.Sprintf("%s must be shorter than or equal to %d characters", name, maxTextPartBytes))
	}
	v := strings.TrimSpace(string(b))
	switch name {
	case "medicationName":
		f.medicationName = v
	case "medicationDosage":
		f.medicationDosage = v
	}
	return nil
}

// msgUUIDExpected is ParseUUIDPipe's message, which the interface gives for a
// userId that is not a UUID: absent, empty and blank ones included.
const msgUUIDExpected = "Validation failed (uuid is expected)"

// valid reports every problem of the form at once: the userId's, then each
// missing part's.
func (f *evidenceForm) valid() error {
	var problems []string
	if !isUUID(f.userID) {
		problems = append(problems, msgUUIDExpected)
	}
	for _, p := range []struct{ name, value string }{
		{"medicationName", f.medicationName},
		{"medicationDosage", f.medicationDosage},
	} {
		if p.value == "" {
			problems = append(problems, p.name+" should not be empty")
		}
	}
	if !f.seen["file"] {
		problems = append(problems, "file is required")
	} else if len(f.file) == 0 {
		problems = append(problems, "file should not be empty")
	}
	if len(problems) > 0 {
		return derrors.Invalid(problems...)
	}
	// Lead ids are stored in lower case; a UUID's case carries no meaning.
	f.userID = strings.ToLower(f.userID)
	return nil
}

// formReadError turns a multipart failure into the client's error.
func formReadError(err error, fileLimit int64) error {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &derrors.Client{Kind: derrors.ErrTooLarge,
			Message: fmt.Sprintf("request body must not be larger than %d bytes (file limit %d bytes)", tooBig.Limit, fileLimit)}
	case statusOf(err) < 500:
		return err
	}
	return derrors.Invalid("request body is not a well-formed multipart/form-data body")
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// isUUID accepts what NestJS's ParseUUIDPipe accepts with default options
// (@nestjs/common 12.1 onwards, the same rule as validator.js isUUID "all"):
// 8-4-4-4-12 hex digits in any case with version 1 to 8 and the RFC 9562
// variant (8, 9, a or b), or the nil or max UUID. Nothing around it, not
// even a space. testdata/parseuuid_nestjs.json holds the pipe's verdicts.
func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !isHex(c) {
				return false
			}
		}
	}
	version, variant := s[14], s[19]|0x20 // |0x20 lower-cases a hex letter
	if version >= '1' && version <= '8' && (variant == '8' || variant == '9' || variant == 'a' || variant == 'b') {
		return true
	}
	return s == nilUUID || strings.EqualFold(s, maxUUID)
}

const (
	nilUUID = "00000000-0000-0000-0000-000000000000"
	maxUUID = "ffffffff-ffff-ffff-ffff-ffffffffffff"
)

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// outOfTime is the answer to a verification its request's deadline cut
// short: a slow reading on a busy machine or a dependency (S3, DynamoDB,
// Textract) that did not answer in time. Either way nothing is judged on
// part of the work; the client is told to retry, and the RetryLater metric
// counts it under "deadline" (docs/operations.md).
var outOfTime = &derrors.Later{
	Reason:     "deadline",
	Message:    "the document could not be verified in the time a request has; retry in " + strconv.Itoa(RetryAfterSeconds) + " seconds",
	RetryAfter: RetryAfterSeconds * time.Second,
}

// verifyError is the verifier's error as the client is answered: its own
// refusals as they are (the lead's quota used up, 429; a document over the
// page cap, 400), a dependency's error of a client kind as a 500
// (derrors.Unexpected). A verification the request's deadline (ctx's) cut
// short anywhere, reading or recording, is busy (503, Retry-After): load,
// not an outage, and a verdict is given whole or not at all.
func verifyError(ctx context.Context, err error) error {
	var exceeded *quota.Exceeded
	if errors.As(err, &exceeded) || errors.Is(err, evidence.ErrTooManyPages) {
		return err
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("%w: %w", outOfTime, err)
	}
	return derrors.Unexpected(err)
}

// redactLead replaces userID, in any case, in err's message with its log
// reference (lead.LogRef), keeping err's kinds: the messages of the
// service's dependencies (an S3 key, a table's key) may quote it, and a
// lead id is never logged (docs/security.md, "Logs").
func redactLead(err error, userID string) error {
	if err == nil || !isUUID(userID) {
		return err
	}
	msg := err.Error()
	redacted := caseInsensitive(userID).ReplaceAllLiteralString(msg, lead.LogRef(userID))
	if redacted == msg {
		return err
	}
	return &redactedError{msg: redacted, err: err}
}

// caseInsensitive matches s, a UUID (hex digits and hyphens only), in any case.
func caseInsensitive(s string) *regexp.Regexp { return regexp.MustCompile("(?i)" + s) }

// redactedError is err with another message.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }
