package textractstandin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/clinicplatform/intake/internal/derrors"
	"github.com/clinicplatform/intake/internal/evidence"
)

// Server answers Textract's text detection calls. Its zero value is not
// usable: make it with New.
type Server struct {
	ocr     OCR
	objects Objects

	// MaxPages is how many pages of a PDF a job reads (DefaultMaxPages
	// when zero); a longer PDF fails its job.
	MaxPages int
	// MaxInFlight, when positive, is how many calls may be reading at once:
	// a call beyond it is answered ProvisionedThroughputExceededException,
	// as Textract answers calls over an account's rate.
	MaxInFlight int

	inFlight atomic.Int64

	ctx    context.Context // ends the jobs' readings on Close
	cancel context.CancelFunc

	mu     sync.Mutex
	jobs   map[string]*job
	tokens map[string]string // ClientRequestToken -> job id
	wg     sync.WaitGroup

	// readings are the pages read or being read, by their pixels, the
	// most recent maxReadings of them (see read).
	readings map[[32]byte]*reading
	recent   [][32]byte
}

// reading is one page's OCR, shared by the calls that ask for it.
type reading struct {
	done chan struct{}
	page Page
	err  error
}

// maxReadings: enough for a retry to find its page again while other
// requests come and go.
const maxReadings = 256

// New is a stand-in that reads pages with ocr and S3 objects from objects
// (nil: every S3Object is InvalidS3ObjectException).
func New(ocr OCR, objects Objects) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	return &Server{ocr: ocr, objects: objects, ctx: ctx, cancel: cancel,
		jobs: map[string]*job{}, tokens: map[string]string{}, readings: map[[32]byte]*reading{}}
}

// Close stops the jobs still reading and waits for them.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

// maxRequestBytes bounds a request body: a 10 MB document in base64 and
// its JSON around it.
const maxRequestBytes = maxSyncBytes*4/3 + 1<<16

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, &apiError{http.StatusMethodNotAllowed, "UnknownOperationException", "POST only"})
		return
	}
	// Every SDK call is signed for the textract service; an unsigned call
	// means a client not configured as the service's.
	if auth := r.Header.Get("Authorization"); !strings.HasPrefix(auth, "AWS4-HMAC-SHA256 ") || !strings.Contains(auth, "/textract/aws4_request") {
		writeError(w, &apiError{http.StatusBadRequest, "MissingAuthenticationTokenException", "Missing Authentication Token"})
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != contentType {
		writeError(w, &apiError{http.StatusBadRequest, "SerializationException", "Content-Type must be " + contentType})
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRequestBytes+1))
	if err != nil {
		writeError(w, internalError())
		return
	}
	if len(body) > maxRequestBytes {
		writeError(w, documentTooLarge())
		return
	}
	var out any
	var apiErr *apiError
	switch r.Header.Get("X-Amz-Target") {
	case "Textract.DetectDocumentText":
		out, apiErr = s.limited(func() (any, *apiError) { return s.detect(r.Context(), body) })
	case "Textract.StartDocumentTextDetection":
		out, apiErr = s.limited(func() (any, *apiError) { return s.start(r.Context(), body) })
	case "Textract.GetDocumentTextDetection":
		out, apiErr = s.get(body)
	default:
		apiErr = &apiError{http.StatusBadRequest, "UnknownOperationException", "the stand-in answers DetectDocumentText, StartDocumentTextDetection and GetDocumentTextDetection"}
	}
	if apiErr != nil {
		writeError(w, apiErr)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// limited runs a call within MaxInFlight.
func (s *Server) limited(call func() (any, *apiError)) (any, *apiError) {
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	if s.MaxInFlight > 0 && n > int64(s.MaxInFlight) {
		return nil, throughputExceeded()
	}
	return call()
}

// decode reads a request body into v; malformed JSON or a wrong member type
// is InvalidParameterException, as Textract answers a request it cannot use.
func decode(body []byte, v any) *apiError {
	if err := json.Unmarshal(body, v); err != nil {
		return invalidParameter()
	}
	return nil
}

func (s *Server) detect(ctx context.Context, body []byte) (any, *apiError) {
	var in detectInput
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	doc, apiErr := s.document(ctx, in.Document)
	if apiErr != nil {
		return nil, apiErr
	}
	k, apiErr := checkDocument(doc, maxSyncBytes)
	if apiErr != nil {
		return nil, apiErr
	}
	// The synchronous call reads one page: a longer PDF is unsupported.
	images, apiErr := pageImages(ctx, doc, k, 1, unsupportedDocument())
	if apiErr != nil {
		return nil, apiErr
	}
	page, err := s.read(ctx, images[0])
	if err != nil {
		return nil, ocrError(ctx, err)
	}
	return detectOutput{
		DocumentMetadata: documentMetadata{Pages: 1},
		Blocks:           pageBlocks(page, images[0].Rect.Size(), 0, ids{seed: sha256.Sum256(doc)}),
		ModelVersion:     ModelVersion,
	}, nil
}

// read reads a page with the OCR engine, once for the same pixels: a call
// that asks for a page being read waits for that reading, and one that
// asks again (the SDK's retry, or the client's after a 503) gets it as it
// was read. The reading goes on when its caller stops waiting. The
// stand-in OCRs at a local engine's speed, seconds a page on a loaded
// machine where Textract takes about one whatever the load; a request
// that runs out of time waiting is answered 503 by the reader, and its
// retry finds the page read, so the evaluation measures the path and not
// the machine's load. A failed reading is not kept.
func (s *Server) read(ctx context.Context, img *image.Gray) (Page, error) {
	key := pixels(img)
	s.mu.Lock()
	r, ok := s.readings[key]
	if !ok {
		r = &reading{done: make(chan struct{})}
		s.readings[key] = r
		s.recent = append(s.recent, key)
		if len(s.recent) > maxReadings {
			delete(s.readings, s.recent[0])
			s.recent = s.recent[1:]
		}
		s.wg.Go(func() {
			r.page, r.err = s.ocr.ReadPage(s.ctx, img)
			if r.err != nil {
				s.mu.Lock()
				if s.readings[key] == r {
					delete(s.readings, key)
				}
				s.mu.Unlock()
			}
			close(r.done)
		})
	}
	s.mu.Unlock()
	select {
	case <-r.done:
		return r.page, r.err
	case <-ctx.Done():
		return Page{}, ctx.Err()
	}
}

// pixels identifies a page image by its size and pixels.
func pixels(g *image.Gray) [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%d %d\n", g.Rect.Dx(), g.Rect.Dy())
	for y := g.Rect.Min.Y; y < g.Rect.Max.Y; y++ {
		i := g.PixOffset(g.Rect.Min.X, y)
		h.Write(g.Pix[i : i+g.Rect.Dx()])
	}
	var key [32]byte
	h.Sum(key[:0])
	return key
}

// ocrError answers an OCR failure as Textract answers the like: a document
// the engine could not read is a bad document; an engine too busy to take
// it is over the rate (the SDK retries); anything else, the caller gone
// included, is Textract's own failure.
func ocrError(ctx context.Context, err error) *apiError {
	switch {
	case ctx.Err() != nil:
		return internalError()
	case errors.Is(err, derrors.ErrBusy):
		return throughputExceeded()
	case errors.Is(err, evidence.ErrUnreadable):
		return badDocument()
	}
	return internalError()
}

// document is the bytes of a Document: its Bytes, or its S3 object's.
func (s *Server) document(ctx context.Context, d *document) ([]byte, *apiError) {
	switch {
	case d == nil, len(d.Bytes) > 0 && d.S3Object != nil, len(d.Bytes) == 0 && d.S3Object == nil:
		return nil, invalidParameter()
	case d.S3Object != nil:
		return s.object(ctx, d.S3Object, maxSyncBytes)
	}
	return d.Bytes, nil
}

// object reads an S3 object of at most limit bytes (more is too large).
func (s *Server) object(ctx context.Context, o *s3Object, limit int) ([]byte, *apiError) {
	if o.Bucket == "" || o.Name == "" {
		return nil, invalidParameter()
	}
	if s.objects == nil {
		return nil, invalidS3Object()
	}
	b, err := s.objects.Object(ctx, o.Bucket, o.Name, o.Version)
	if err != nil {
		return nil, invalidS3Object()
	}
	if len(b) > limit {
		return nil, documentTooLarge()
	}
	return b, nil
}

// A job reads its document in the background. It answers IN_PROGRESS to
// its first poll whatever the time (a real job takes seconds), and until
// its reading is done.
type job struct {
	id    string
	input string // the Start request's document and options, for ClientRequestToken

	done    chan struct{}
	polled  atomic.Bool
	status  string // after done: SUCCEEDED or FAILED
	message string
	pages   int
	blocks  []Block
	mu      sync.Mutex
	tokens  map[string]int // NextToken -> index of the next block
}

var tokenPattern = regexp.MustCompile(`^[a-zA-Z0-9-_]{1,64}$`)

func (s *Server) start(ctx context.Context, body []byte) (any, *apiError) {
	var in startInput
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if in.DocumentLocation == nil || in.DocumentLocation.S3Object == nil {
		return nil, invalidParameter()
	}
	if in.ClientRequestToken != "" && !tokenPattern.MatchString(in.ClientRequestToken) {
		return nil, invalidParameter()
	}
	o := in.DocumentLocation.S3Object
	input := strings.Join([]string{o.Bucket, o.Name, o.Version, in.JobTag, in.KMSKeyId, string(in.NotificationChannel), string(in.OutputConfig)}, "\x00")
	if in.ClientRequestToken != "" {
		s.mu.Lock()
		id, ok := s.tokens[in.ClientRequestToken]
		var j *job
		if ok {
			j = s.jobs[id]
		}
		s.mu.Unlock()
		if j != nil {
			if j.input != input {
				return nil, idempotentMismatch()
			}
			return startOutput{JobId: j.id}, nil
		}
	}
	doc, apiErr := s.object(ctx, o, maxAsyncBytes)
	if apiErr != nil {
		return nil, apiErr
	}
	limit := maxAsyncBytes
	if k := sniff(doc); k == kindJPEG || k == kindPNG {
		limit = maxSyncBytes
	}
	k, apiErr := checkDocument(doc, limit)
	if apiErr != nil {
		return nil, apiErr
	}
	j := &job{id: jobID(), input: input, done: make(chan struct{}), tokens: map[string]int{}}
	s.mu.Lock()
	if in.ClientRequestToken != "" {
		if id, ok := s.tokens[in.ClientRequestToken]; ok {
			// Started by a concurrent call with the same token.
			s.mu.Unlock()
			return startOutput{JobId: id}, nil
		}
		s.tokens[in.ClientRequestToken] = j.id
	}
	s.jobs[j.id] = j
	s.mu.Unlock()
	s.wg.Go(func() { s.run(j, doc, k) })
	return startOutput{JobId: j.id}, nil
}

// jobID is a job identifier as Textract's look: 64 hexadecimal digits.
func jobID() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// run reads a job's document, every page, and keeps its blocks.
func (s *Server) run(j *job, doc []byte, k kind) {
	defer close(j.done)
	maxPages := s.MaxPages
	if maxPages <= 0 {
		maxPages = DefaultMaxPages
	}
	fail := func(e *apiError) { j.status, j.message = "FAILED", e.message }
	images, apiErr := pageImages(s.ctx, doc, k, maxPages, &apiError{message: "The document has more pages than the stand-in reads."})
	if apiErr != nil {
		fail(apiErr)
		return
	}
	// Pages are read side by side, as Textract reads a job's pages; the
	// OCR engine bounds how many run at once.
	g := ids{seed: sha256.Sum256(doc)}
	read := make([][]Block, len(images))
	errs := make([]error, len(images))
	var wg sync.WaitGroup
	for i, img := range images {
		wg.Go(func() {
			page, err := s.read(s.ctx, img)
			errs[i] = err
			if err == nil {
				read[i] = pageBlocks(page, img.Rect.Size(), i+1, g)
			}
		})
	}
	wg.Wait()
	var blocks []Block
	for i := range images {
		if errs[i] != nil {
			fail(ocrError(s.ctx, errs[i]))
			return
		}
		blocks = append(blocks, read[i]...)
	}
	j.status, j.pages, j.blocks = "SUCCEEDED", len(images), blocks
}

// maxResults is the most blocks a GetDocumentTextDetection answer holds
// (and its default).
const maxResults = 1000

func (s *Server) get(body []byte) (any, *apiError) {
	var in getInput
	if err := decode(body, &in); err != nil {
		return nil, err
	}
	if in.JobId == "" {
		return nil, invalidParameter()
	}
	limit := maxResults
	if in.MaxResults != nil {
		if *in.MaxResults < 1 {
			return nil, invalidParameter()
		}
		limit = min(*in.MaxResults, maxResults)
	}
	s.mu.Lock()
	j := s.jobs[in.JobId]
	s.mu.Unlock()
	if j == nil {
		return nil, invalidJobID()
	}
	inProgress := getOutput{JobStatus: "IN_PROGRESS", ModelVersion: ModelVersion}
	if !j.polled.Swap(true) {
		return inProgress, nil
	}
	select {
	case <-j.done:
	default:
		return inProgress, nil
	}
	if j.status == "FAILED" {
		return getOutput{JobStatus: "FAILED", StatusMessage: j.message, ModelVersion: ModelVersion}, nil
	}
	from := 0
	if in.NextToken != "" {
		j.mu.Lock()
		n, ok := j.tokens[in.NextToken]
		j.mu.Unlock()
		if !ok {
			return nil, invalidParameter()
		}
		from = n
	}
	to := min(from+limit, len(j.blocks))
	out := getOutput{
		DocumentMetadata: &documentMetadata{Pages: j.pages},
		JobStatus:        j.status,
		Blocks:           j.blocks[from:to],
		ModelVersion:     ModelVersion,
	}
	if to < len(j.blocks) {
		var b [24]byte
		rand.Read(b[:])
		out.NextToken = hex.EncodeToString(b[:])
		j.mu.Lock()
		j.tokens[out.NextToken] = to
		j.mu.Unlock()
	}
	return out, nil
}
