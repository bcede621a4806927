package rules

import "testing"

// testSettings are the six profiles of docs/rules.md written out as Go values,
// independent of the profile files, so that the move generator's tests do
// not depend on the loader (and a mistake in one shows up against the other
// in TestProfilesMatchTable when both exist).
func testSettings(t testing.TB, name string) *Settings {
	t.Helper()
	var s Settings
	switch name {
	case "fide":
		s = Settings{Setup: SetupModern, Counsellor: CounsellorQueen, Elephant: ElephantBishop,
			PawnDoubleStep: true, EnPassant: true, Castling: true, KingLeap: LeapOff,
			Promotion: PromoteAny, PromotionLimit: LimitNone, Stalemate: StalemateDraw,
			BareKing: BareNone, Repetition: RepetitionFide, MoveRule: MoveRuleFide, DeadPosition: DeadFide,
			Opening: OpeningNormal, Capture: CaptureMaraMari, PawnsOnlyKing: PawnsOnlyNormal}
	case "shatranj":
		s = Settings{Setup: SetupShatranj, Counsellor: CounsellorFerz, Elephant: ElephantAlfil,
			KingLeap: LeapOff, Promotion: PromoteCounsellor, PromotionLimit: LimitNone,
			Stalemate: StalemateStalematerWins, BareKing: BareWinUnlessCounter, Repetition: RepetitionAuto,
			MoveRule: MoveRule70, DeadPosition: DeadOff}
	case "chaturanga":
		s = Settings{Setup: SetupModern, Counsellor: CounsellorFerz, Elephant: ElephantAlfil,
			KingLeap: LeapNotInCheck, KingLeapCapture: true, Promotion: PromoteCounsellor,
			PromotionLimit: LimitNone, Stalemate: StalemateDraw, BareKing: BareWinUnlessCounter,
			Repetition: RepetitionAuto, MoveRule: MoveRule50}
	case "chaturanga-gollon":
		s = Settings{Setup: SetupCrossed, Counsellor: CounsellorFerz, Elephant: ElephantAlfil,
			KingLeap: LeapNeverChecked, KingLeapCapture: true, Promotion: PromoteSquarePiece,
			PromotionLimit: LimitLost, UnavailablePromo: UnavailableForbidden, StuckPawnGivesCheck: false,
			Stalemate: StalemateStalematedWins, BareKing: BareNone, Repetition: RepetitionOff, MoveRule: MoveRuleOff}
	case "hindustani":
		s = Settings{Setup: SetupCrossed, Counsellor: CounsellorQueen, Elephant: ElephantBishop,
			KingLeap: LeapNeverChecked, KingLeapCapture: true, Promotion: PromoteFilePiece,
			PromotionLimit: LimitLostSameColour, UnavailablePromo: UnavailableForbidden,
			StuckPawnGivesCheck: false, KnightPromotionMove: KnightMoveNo, Stalemate: StalemateForbidden,
			BareKing: BarePiecesHalfWin, Repetition: RepetitionPerpetualCheck, DeadPosition: DeadKingsAndOne}
	case "andhra":
		s = Settings{Setup: SetupCrossed, Counsellor: CounsellorQueen, Elephant: ElephantBishop,
			KingLeap: LeapNeverChecked, KingLeapCapture: true, Promotion: PromoteFilePiece,
			PromotionLimit: LimitLostSameColour, UnavailablePromo: UnavailableWait,
			KnightPromotionMove: KnightMoveOptional, Stalemate: StalemateDraw, Opening: OpeningTriple,
			OpeningPattern: PatternLiteral, PawnsOnlyKing: PawnsOnlyImmune, Mastu: true}
	default:
		t.Fatalf("no test profile %q", name)
	}
	return &s
}

// fsfSettings maps a Fairy-Stockfish variant of the oracle to a profile and
// the settings the oracle README gives for it.
func fsfSettings(t testing.TB, variant string) *Settings {
	t.Helper()
	switch variant {
	case "shatranj", "shatranj-nobare":
		return testSettings(t, "shatranj")
	case "chaturanga-ke1":
		s := testSettings(t, "chaturanga")
		s.KingLeap = LeapOff
		return s
	case "chaturanga-dabbaba":
		s := testSettings(t, "chaturanga")
		s.KingLeap, s.Elephant = LeapOff, ElephantDabbaba
		return s
	case "chaturanga-murray":
		s := testSettings(t, "chaturanga-gollon")
		s.KingLeap, s.Promotion, s.PromotionLimit = LeapOff, PromoteCounsellor, LimitNone
		return s
	case "hindustani-basic", "hindustani-promolimit":
		s := testSettings(t, "hindustani")
		s.KingLeap, s.Promotion, s.PromotionLimit, s.Stalemate = LeapOff, PromoteAny, LimitNone, StalemateDraw
		if variant == "hindustani-promolimit" {
			s.PromotionLimit = LimitLost
		}
		return s
	case "chess":
		return testSettings(t, "fide")
	}
	t.Fatalf("no mapping for FSF variant %q", variant)
	return nil
}
