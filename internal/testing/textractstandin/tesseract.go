package textractstandin

import (
	"context"
	"fmt"
	"image"
	"net"
	"net/http"
	"time"

	"github.com/clinicplatform/intake/internal/tesseract"
)

// Tesseract reads pages with the local reader (internal/tesseract: its
// measuring, preparation and reading of the same pixels), so that the
// stand-in's words and confidences are the local reader's and the two
// paths differ only in what is around the engine.
type Tesseract struct{ Reader *tesseract.Reader }

// ReadPage reads page and says how the local reader turned it upright.
func (t Tesseract) ReadPage(ctx context.Context, page *image.Gray) (Page, error) {
	lines, p, err := t.Reader.ReadImage(ctx, page)
	if err != nil {
		return Page{}, err
	}
	return Page{Turns: p.Turns, Lines: lines}, nil
}

// NewWithTesseract is a stand-in reading pages with the local reader and
// S3 objects from objects. It needs tesseract, and poppler's pdfinfo and
// pdftoppm for PDFs.
func NewWithTesseract(ctx context.Context, objects Objects) (*Server, error) {
	r, err := tesseract.New(ctx)
	if err != nil {
		return nil, err
	}
	if err := popplerInstalled(); err != nil {
		return nil, err
	}
	return New(Tesseract{Reader: r}, objects), nil
}

// Serve serves s on addr ("127.0.0.1:0": a free port) until the returned
// stop is called, and returns its base URL (the value for
// AWS_ENDPOINT_URL_TEXTRACT).
func Serve(s *Server, addr string) (url string, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("textract stand-in: listen: %w", err)
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() {
		srv.Close()
		s.Close()
	}, nil
}
