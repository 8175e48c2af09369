package viewer

import (
	"image"
	"image/draw"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// rasterRenderer renders a band under the move list as one raster drawn
// by fn.
func rasterRenderer(fn func(w, h int) image.Image) fyne.WidgetRenderer {
	r := canvas.NewRaster(fn)
	r.ScaleMode = canvas.ImageScaleFastest
	return widget.NewSimpleRenderer(r)
}

// blankImage is a w×h image in the entries' background colour, the
// ground of the graphs under the move list.
func blankImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(theme.Color(theme.ColorNameInputBackground)), image.Point{}, draw.Src)
	return img
}
