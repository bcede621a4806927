package record

// Ply is one move of a main line read for the walk alone (Game.Plies): the
// parts the walk resolves and plays, and where the move's text stands in
// the game's Source. It holds no pointer, so that a reader writes a ply
// without the collector's barrier, and is a third of a node and its move.
type Ply struct {
	MoveParts
	// Len is the length of the move's text, its suffixes included.
	Len uint8
	// Off is where the move's text starts in Source.
	Off int32
}

// PosIn is the position of data[i] in text whose first byte, data[0],
// stands at base: a line ends at `\n`, and at a `\r` that no `\n` follows.
// An index past the end is taken as the end.
func PosIn(data []byte, base Pos, i int) Pos {
	p := base
	if i > len(data) {
		i = len(data)
	}
	lineStart := 0
	for j := 0; j < i; j++ {
		if d := data[j]; d == '\n' || d == '\r' && (j+1 == len(data) || data[j+1] != '\n') {
			p.Line++
			lineStart = j + 1
		}
	}
	if p.Line == base.Line {
		p.Col = base.Col + i
	} else {
		p.Col = i - lineStart + 1
	}
	p.Offset = base.Offset + i
	return p
}

// PlyNode sets n and m to the node and the move of g.Plies[i] as the full
// reader makes them (the node's Move is m): the walk makes them only where
// a finding or a step needs a node. The text is a copy of the ply's bytes
// in Source, and the move's glyph the `!` and `?` that end it; a ply's
// move has no lenient form (the lean read takes none).
func (g *Game) PlyNode(i int, n *Node, m *Move) {
	p := &g.Plies[i]
	text := g.PlyText(i)
	m.MoveParts = p.MoveParts
	m.Lenient = 0
	n.SetMove(PosIn(g.Source, g.SourcePos, int(p.Off)), text, m)
	k := len(text)
	for k > 0 && (text[k-1] == '!' || text[k-1] == '?') {
		k--
	}
	if k < len(text) {
		m.Glyph = text[k:]
	}
}

// PlyText is the text of g.Plies[i] as written, its suffixes included: a
// copy of its bytes in Source.
func (g *Game) PlyText(i int) string {
	p := &g.Plies[i]
	return string(g.Source[p.Off : int(p.Off)+int(p.Len)])
}
