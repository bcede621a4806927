package record

// CastleEither is castling written without its side (`Castles`, as many
// books print it): whichever castling is legal.
const CastleEither = 3

// Descriptive is what a move in English descriptive notation says
// (`P-K4`, `KtxP`, `R(Q1)-Q2`, `QBPxP`). Files are the board's files
// (QR = a .. KR = h, the same for both sides); ranks are counted from the
// mover's side, so the absolute square is known only in a position, which
// is why replay, not the grammar, finds the move it stands for.
//
// File sets are bit masks over the files a..h (bit 0 = a); 0 means any.
// Ranks are 1..8 from the mover's side; 0 means any.
type Descriptive struct {
	// Man is the moving man's letter: P, N, B, R, Q or K (0 for castling).
	Man byte
	// FromFiles and FromRank narrow the mover's square (a pawn's file
	// `KBP`, an origin square `R(Q1)`).
	FromFiles uint8
	FromRank  int8
	// Wing is 'K' or 'Q' for a piece named by its side of the board
	// (`KR`, `QKt`, `KB`): for a bishop, the colour of the squares of the
	// bishop that started there; for a knight or rook, the half of the
	// board it stands on. 0 when not written.
	Wing byte
	// ToFiles and ToRank are the destination of a move written with `-`.
	ToFiles uint8
	ToRank  int8
	// Capture: written with `x`; CapMan is the captured man's letter, with
	// CapFiles, CapRank and CapWing narrowing it as for the mover. A capture
	// written with a square instead of a man (`BxQ5`) has CapMan 0.
	Capture  bool
	CapMan   byte
	CapFiles uint8
	CapRank  int8
	CapWing  byte
	// EnPassant: `e.p.` was written.
	EnPassant bool
	// ConvFiles and ConvRank are the square of the waiting pawn that a
	// capture converts (`BxR/KR1=R`, the square named from the mover's
	// side, the new piece in Move.ConvPiece); ConvRank 0 when not written.
	ConvFiles uint8
	ConvRank  int8
	// Steps is 1 or 2 for the long form's `K P one` / `K P two`: the pawn
	// on FromFiles goes that many squares forward; 0 otherwise.
	Steps int8
	// LooseWing: the Wing letter may be the side of the castling written
	// before the move (`Castles K. Kt. to B3`, two columns run together):
	// when no legal move fits with it, the moves that fit without it are
	// meant.
	LooseWing bool
	// Misread: the text is a misprint whose letters were put in order to
	// read it (`Kt-P` as `KtxP`, `BxKtQ` as `BxQKt`, `R-(B5)B7` as
	// `R(B5)-B7`): only a legal move that alone fits it is taken; where
	// several fit, neither the check mark nor the next moves choose.
	Misread bool
}
