// Package textractstandin is a stand-in for Amazon Textract's text
// detection, for tests and the evaluation: an http.Handler that speaks
// Textract's wire protocol (AWS JSON 1.1) for DetectDocumentText,
// StartDocumentTextDetection and GetDocumentTextDetection, so that the real
// AWS SDK client and internal/textract run against it unchanged, and that
// answers from a local OCR of the same bytes.
//
// It answers as Textract does, from public samples of its responses and
// its API reference:
//
//   - PAGE, LINE and WORD blocks, in that order (page by page for a job),
//     with Ids and CHILD relationships, WORD confidences in percent, and a
//     normalised BoundingBox and four-point Polygon on every block;
//   - a LINE is a run of words on one visual row with no wide gap: a row
//     whose words are far apart (a caption and its value, a city and its
//     ZIP code) is several LINEs, and side-by-side columns are listed row
//     by row, interleaved, as Textract lists them;
//   - geometry in the frame of the image as stored, turned with the page: a
//     page photographed sideways has its polygons' first two points running
//     down (or up) the image, along the text;
//   - the documents Textract refuses, refused with its errors: a type other
//     than JPEG, PNG, TIFF or PDF (UnsupportedDocumentException), a PDF of
//     several pages to the synchronous call (UnsupportedDocumentException),
//     an image it cannot decode (BadDocumentException), over 10 MB
//     (DocumentTooLargeException), over 10000 pixels a side
//     (UnsupportedDocumentException), an S3 object it cannot get
//     (InvalidS3ObjectException), and calls over a concurrency limit
//     (ProvisionedThroughputExceededException);
//   - jobs that answer IN_PROGRESS to their first poll and SUCCEEDED once
//     read, their blocks paged by NextToken and MaxResults (at most 1000),
//     and a ClientRequestToken that returns the same job.
//
// What it measures: the production path around the OCR engine, that is
// internal/textract (turning pages upright, rebuilding rows and columns from
// Textract-shaped lines, the asynchronous job and its paging, error
// mapping) and docread's choices in front of it. What it cannot measure:
// Textract's own OCR. Its words and confidences are the local reader's
// (internal/tesseract, reading the same pixels), so a field that the local
// reader misreads is misread here too, and Textract's confidences (mostly
// above 99 on clean print) are not imitated. See docs/textract.md.
package textractstandin
