package textractstandin

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
)

// The JSON shapes of Textract's requests and responses, with the member
// names of its API reference. Fields Textract leaves out when empty are
// omitted, as in its responses.

type s3Object struct {
	Bucket  string `json:"Bucket"`
	Name    string `json:"Name"`
	Version string `json:"Version,omitempty"`
}

type document struct {
	// Bytes is base64 in JSON, which encoding/json decodes into []byte.
	Bytes    []byte    `json:"Bytes"`
	S3Object *s3Object `json:"S3Object"`
}

type detectInput struct {
	Document *document `json:"Document"`
}

type startInput struct {
	DocumentLocation *struct {
		S3Object *s3Object `json:"S3Object"`
	} `json:"DocumentLocation"`
	ClientRequestToken  string          `json:"ClientRequestToken"`
	JobTag              string          `json:"JobTag"`
	KMSKeyId            string          `json:"KMSKeyId"`
	NotificationChannel json.RawMessage `json:"NotificationChannel"`
	OutputConfig        json.RawMessage `json:"OutputConfig"`
}

type getInput struct {
	JobId      string `json:"JobId"`
	MaxResults *int   `json:"MaxResults"`
	NextToken  string `json:"NextToken"`
}

type boundingBox struct {
	Width  float32 `json:"Width"`
	Height float32 `json:"Height"`
	Left   float32 `json:"Left"`
	Top    float32 `json:"Top"`
}

type point struct {
	X float32 `json:"X"`
	Y float32 `json:"Y"`
}

type geometry struct {
	BoundingBox boundingBox `json:"BoundingBox"`
	Polygon     []point     `json:"Polygon"`
}

type relationship struct {
	Type string   `json:"Type"`
	Ids  []string `json:"Ids"`
}

// Block is a Textract block as its responses give it: BlockType, then
// Confidence, Text and TextType for LINE and WORD, Geometry, Id, the
// CHILD relationships, and Page in a job's results.
type Block struct {
	BlockType     string         `json:"BlockType"`
	Confidence    *float32       `json:"Confidence,omitempty"`
	Text          string         `json:"Text,omitempty"`
	TextType      string         `json:"TextType,omitempty"`
	Geometry      geometry       `json:"Geometry"`
	Id            string         `json:"Id"`
	Relationships []relationship `json:"Relationships,omitempty"`
	Page          int            `json:"Page,omitempty"`
}

type documentMetadata struct {
	Pages int `json:"Pages"`
}

// ModelVersion is the DetectDocumentTextModelVersion Textract reports.
const ModelVersion = "1.0"

type detectOutput struct {
	DocumentMetadata documentMetadata `json:"DocumentMetadata"`
	Blocks           []Block          `json:"Blocks"`
	ModelVersion     string           `json:"DetectDocumentTextModelVersion"`
}

type startOutput struct {
	JobId string `json:"JobId"`
}

type getOutput struct {
	DocumentMetadata *documentMetadata `json:"DocumentMetadata,omitempty"`
	JobStatus        string            `json:"JobStatus"`
	StatusMessage    string            `json:"StatusMessage,omitempty"`
	NextToken        string            `json:"NextToken,omitempty"`
	Blocks           []Block           `json:"Blocks,omitempty"`
	ModelVersion     string            `json:"DetectDocumentTextModelVersion"`
}

// apiError is an error as Textract answers it: an HTTP status and a body
// naming the exception in __type, which the SDK turns into its typed error
// (types.UnsupportedDocumentException and so on).
type apiError struct {
	status  int
	code    string
	message string
}

func (e *apiError) Error() string { return e.code + ": " + e.message }

// The errors Textract answers, with its messages where public reports show
// them, otherwise its API reference's description.
func unsupportedDocument() *apiError {
	return &apiError{http.StatusBadRequest, "UnsupportedDocumentException", "Request has unsupported document format"}
}

func badDocument() *apiError {
	return &apiError{http.StatusBadRequest, "BadDocumentException", "Amazon Textract isn't able to read the document."}
}

func documentTooLarge() *apiError {
	return &apiError{http.StatusBadRequest, "DocumentTooLargeException", "The document can't be processed because it's too large."}
}

func invalidS3Object() *apiError {
	return &apiError{http.StatusBadRequest, "InvalidS3ObjectException", "Unable to get object metadata from S3. Check object key, region and/or access permissions."}
}

func invalidParameter() *apiError {
	return &apiError{http.StatusBadRequest, "InvalidParameterException", "Request has invalid parameters"}
}

func invalidJobID() *apiError {
	return &apiError{http.StatusBadRequest, "InvalidJobIdException", "An invalid job identifier was passed."}
}

func throughputExceeded() *apiError {
	return &apiError{http.StatusBadRequest, "ProvisionedThroughputExceededException", "Provisioned rate exceeded"}
}

func idempotentMismatch() *apiError {
	return &apiError{http.StatusBadRequest, "IdempotentParameterMismatchException", "ClientRequestToken was reused with different parameters."}
}

func internalError() *apiError {
	return &apiError{http.StatusInternalServerError, "InternalServerError", "Amazon Textract experienced a service issue. Try your call again."}
}

const contentType = "application/x-amz-json-1.1"

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body = []byte(`{"__type":"InternalServerError","Message":"encode response"}`)
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("x-amzn-RequestId", newUUID())
	w.WriteHeader(status)
	w.Write(body)
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.status, map[string]string{"__type": e.code, "Message": e.message})
}

// newUUID is a random version 4 UUID, as Textract's request ids are.
func newUUID() string {
	var b [16]byte
	rand.Read(b[:])
	return uuidOf(b)
}

func uuidOf(b [16]byte) string {
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
