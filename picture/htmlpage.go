package picture

// What every HTML page the tool writes shares: the head with its style,
// and the way an SVG drawing stands in the page.

import (
	"html"
	"strings"
)

// HTMLHead is the start of every page the tool writes, up to and with the
// opening <body>: the style is inline so that the page needs nothing else.
// The game viewer (NewViewer) and validate's HTML report (package
// report) share it, so that their pages look alike.
func HTMLHead(title string) string {
	return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="ashtapada">
<title>` + html.EscapeString(title) + `</title>
<style>` + htmlStyle + `</style>
</head><body>
`
}

// htmlStyle: the diagrams are shown a little larger than their drawing
// (480 px for 462 units), so that the drawing's 11-unit footer (legend,
// profile's state) is at least 11 px on screen, and 13 cm wide in print
// (about 8.7 pt); the FEN under them is page text of the same size.
const htmlStyle = `
body{font-family:system-ui,"DejaVu Sans",Verdana,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1a1a1a;background:#fff;line-height:1.4}
h1{font-size:1.6rem;margin:.2rem 0}
h2{border-bottom:2px solid #6b4f2a;padding-bottom:.2rem;margin-top:1.5rem}
header .total{font-weight:bold;margin:.3rem 0}
dl.run{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:.3rem 0;font-size:.9rem}
dl.run dt{color:#555}
dl.run dd{margin:0;overflow-wrap:anywhere}
table.counts{border-collapse:collapse;margin:.5rem 0 1rem}
table.counts th,table.counts td{border:1px solid #ccc;padding:.2rem .6rem;text-align:left;vertical-align:top}
table.counts td{font-variant-numeric:tabular-nums}
table.counts th[scope=row]{white-space:nowrap}
.controls{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;background:#f6f1e4;padding:.5rem 1rem;position:sticky;top:0;z-index:1;margin-top:.5rem}
.finding{border-left:6px solid #d11f1f;padding:.3rem 1rem;margin:1.2rem 0;background:#fcfbf8}
.finding.warning{border-left-color:#d1a01f}
.finding h3{font-size:1rem;margin:.3rem 0}
.finding .sev{text-transform:uppercase;font-size:.75rem;font-weight:bold;color:#fff;background:#d11f1f;padding:.05rem .35rem;border-radius:.2rem}
.finding.warning .sev{background:#9a7410}
.facts,.legal,.explain{margin:.2rem 0}
.explain{color:#444;font-style:italic}
.moves{font-family:"DejaVu Sans Mono",monospace;font-size:.9rem;margin:.3rem 0}
.moves mark{background:#ffd2d2;outline:2px solid #d11f1f;font-weight:bold}
figure.diagram{margin:.5rem 0}
figure.diagram svg{width:30rem;max-width:100%;height:auto;display:block}
figcaption{font-family:"DejaVu Sans Mono",monospace;font-size:.875rem;color:#333;overflow-wrap:anywhere}
a{color:#1f4fa1}
.hidden{display:none}
@media print{.controls,.note{display:none}.finding{break-inside:avoid;page-break-inside:avoid;break-before:page}body{max-width:none}a{color:inherit;text-decoration:none}figure.diagram svg{width:13cm}figcaption{font-size:10pt}}
`

// InlineSVG makes a standalone SVG document an inline element of an HTML
// page: no XML declaration, and an accessible name (label).
func InlineSVG(doc, label string) string {
	if i := strings.Index(doc, "<svg"); i >= 0 {
		doc = doc[i:]
	}
	return strings.Replace(doc, "<svg ", `<svg aria-label="`+html.EscapeString(label)+`" `, 1)
}
