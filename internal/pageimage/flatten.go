package pageimage

import (
	"image"

	"github.com/clinicplatform/intake/internal/imageprep"
)

// FlatGray is img's luma with every transparent part laid on white paper,
// as a viewer shows it: a page whose paper is transparent (a PDF's
// screenshot, an exported scan) is not read as black.
func FlatGray(img image.Image) *image.Gray {
	if o, ok := img.(interface{ Opaque() bool }); !ok || o.Opaque() {
		if m, ok := img.(*image.NYCbCrA); ok {
			return imageprep.Gray(&m.YCbCr)
		}
		return imageprep.Gray(img)
	}
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	switch m := img.(type) {
	case *image.NRGBA:
		for y := range b.Dy() {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
			for x := range dst {
				p := row[4*x : 4*x+4 : 4*x+4]
				a := uint32(p[3])
				luma := (19595*uint32(p[0]) + 38470*uint32(p[1]) + 7471*uint32(p[2]) + 1<<15) >> 16
				dst[x] = uint8((luma*a + 255*(255-a) + 127) / 255)
			}
		}
	case *image.RGBA: // premultiplied
		for y := range b.Dy() {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			dst := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
			for x := range dst {
				p := row[4*x : 4*x+4 : 4*x+4]
				luma := (19595*uint32(p[0]) + 38470*uint32(p[1]) + 7471*uint32(p[2]) + 1<<15) >> 16
				dst[x] = uint8(min(luma+255-uint32(p[3]), 255))
			}
		}
	case *image.NYCbCrA: // WebP with alpha
		for y := range b.Dy() {
			dst := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
			for x := range dst {
				luma := uint32(m.Y[m.YOffset(b.Min.X+x, b.Min.Y+y)])
				a := uint32(m.A[m.AOffset(b.Min.X+x, b.Min.Y+y)])
				dst[x] = uint8((luma*a + 255*(255-a) + 127) / 255)
			}
		}
	default:
		for y := range b.Dy() {
			dst := out.Pix[y*out.Stride : y*out.Stride+b.Dx()]
			for x := range dst {
				r, g, bl, a := img.At(b.Min.X+x, b.Min.Y+y).RGBA() // premultiplied, 16 bits
				luma := (19595*r + 38470*g + 7471*bl + 1<<15) >> 16
				dst[x] = uint8(min(luma+0xffff-a, 0xffff) >> 8)
			}
		}
	}
	return out
}
