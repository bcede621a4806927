// Package picture draws positions and games for people: the Unicode
// diagram a terminal shows, the SVG of a position or of a finding, the
// view `show` prints, and the self-contained HTML page that replays a
// game (`convert --to html`).
//
// Everything here draws a Diagram, which holds only what a picture needs
// (the board, the side to move, the men's glyphs and names, the notes of
// the state), so that one picture can be fed from a live position
// (DescribePosition, DiagramAt), from a FEN a finding carries
// (FindingDiagram) or from a record's tags (DescribeGame), and so that the
// terminal, the SVG and the page show the same men, names and state. The
// men are drawn as SVG paths written here, with no font.
//
// What it leaves to others: the positions come from the one walk of a
// game (package replay, its Played line); the move text shown beside a
// position is written by the notation and record-format packages; the
// record-format registry (package formats) offers the SVG and the viewer
// as the svg and html formats; the reports of validate and detect
// (package report) put these pictures in their pages (HTMLHead,
// InlineSVG). Text read from a record is quoted for the terminal before it
// is shown (internal/termtext).
package picture
